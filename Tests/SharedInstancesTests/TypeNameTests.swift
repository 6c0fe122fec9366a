import Foundation
import SharedInstances
import SharedInstancesLocator
import Testing

@Suite struct TypeNameTests {
  @Test func localTypesReadWithoutRuntimePlaceholders() {
    struct Local {}
    let raw = String(reflecting: [Local].self)
    #expect(raw.contains("(unknown context at $"))
    let readable = _TypeName.qualified([Local].self)
    #expect(readable == "Swift.Array<SharedInstancesTests.TypeNameTests.Local>")
  }

  @Test func everyPlaceholderIsRemoved() {
    let name = "(App.(unknown context at $55ab12).(unknown context at $55ab20).Inner) -> Swift.Int"
    #expect(_TypeName.withoutUnknownContexts(name) == "(App.Inner) -> Swift.Int")
    #expect(_TypeName.withoutUnknownContexts("App.Client") == "App.Client")
  }

  @Test func aBoxOfALocalTypeDescribesItReadably() {
    struct Cart: Sendable {}
    let box = Resettable { Cart() }
    #expect(box.description.hasPrefix("Resettable<Cart> (declared at SharedInstancesTests/"))
    #expect(!box.description.contains("unknown context"))
  }
}
