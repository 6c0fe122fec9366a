import Foundation
import RealWorldCorpus
import SharedInstancesTesting
import Testing

// The corpus is protocols, not behavior; these checks keep its support types honest.
@Suite struct CorpusTests {
  @Test func supportTypesCompareByValue() {
    let id = UUID()
    #expect(User(id: id, name: "a") == User(id: id, name: "a"))
    #expect(User(id: id, name: "a") != User(id: id, name: "b"))
  }
}
