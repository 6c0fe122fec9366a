import Foundation
import SharedInstances
import SharedInstancesTesting
import Testing

/// Resettable.md and README's "Hot paths on many cores": borrowing with `withValue(_:)`.
extension Docs {
  @Suite struct ResettableArticleSnippets {
    @Test(.isolatedShared) func aHotPathBorrowsTheInstance() throws {
      typealias UserStore = HotPath.UserStore
      typealias Metrics = HotPath.Metrics
      let id = 7
      // The two lines of the article and README, as written.
      let user = try UserStore.shared.withValue { try $0.user(id: id) }
      Metrics.shared.withValue { $0.increment("requests") }

      #expect(user == "user 7")
      #expect(Metrics.shared.value.count(of: "requests") == 1)
      #expect(throws: UserStore.Missing.self) {
        try UserStore.shared.withValue { try $0.user(id: -1) }
      }
    }
  }
}

// MARK: - Fixtures

private enum HotPath {}

extension HotPath {
  fileprivate final class UserStore: Sendable {
    static let shared = Resettable { UserStore() }

    struct Missing: Error {}

    func user(id: Int) throws -> String {
      guard id >= 0 else { throw Missing() }
      return "user \(id)"
    }
  }

  fileprivate final class Metrics: Sendable {
    static let shared = Resettable { Metrics() }

    private let counts = LockedCounts()

    func increment(_ name: String) { counts.add(name) }
    func count(of name: String) -> Int { counts.count(of: name) }
  }

}

private final class LockedCounts: @unchecked Sendable {
  // @unchecked: `counts` is only touched while `lock` is held.
  private let lock = NSLock()
  private var counts: [String: Int] = [:]

  func add(_ name: String) {
    lock.lock()
    counts[name, default: 0] += 1
    lock.unlock()
  }

  func count(of name: String) -> Int {
    lock.lock()
    defer { lock.unlock() }
    return counts[name, default: 0]
  }
}
