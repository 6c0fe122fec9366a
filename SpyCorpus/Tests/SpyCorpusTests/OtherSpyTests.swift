import Foundation
import SharedInstancesTesting
import SpyCorpus
import Testing

/// Generic methods, main-actor protocols, inheritance, the marker, and a class spy.
@Suite struct OtherSpyTests {
  @Test func aGenericMethodRecordsTheTypeItselfAndReturnsTheStub() throws {
    let spy = DecodingSpy()
    spy.stub(.decode, returning: 42)
    #expect(try spy.decode(Int.self, from: Data()) == 42)
    #expect(spy.calls == [.decode(type: SpyArgument(Int.self), from: Data())])
    #expect(spy.calls != [.decode(type: SpyArgument(String.self), from: Data())])
  }

  @MainActor
  @Test func aMainActorProtocolsSpyIsCalledOnTheMainActor() {
    let screen = ScreenSpy()
    screen.stub(.isVisible, returning: true)
    screen.show(title: "Home")
    #expect(screen.isVisible)
    #expect(screen.calls == [.show(title: "Home"), .isVisible])
  }

  /// The main-actor spy stands as its protocol's placeholder like the others: the library
  /// makes it wherever a read needs one, off the main actor too.
  @Test func aMainActorProtocolsSpyIsItsPlaceholderMadeOffTheMainActor() async {
    #expect(ObjectIdentifier(ScreenSpy.spiedProtocol) == ObjectIdentifier((any Screen).self))
    let screen = await Task.detached { ScreenSpy.makePlaceholderSpy() as? ScreenSpy }.value
    #expect(screen != nil)
    #expect(screen?.calls == [])
  }

  /// A generic spy's placeholder is made by its companion, specialized with `Int`.
  @Test func aGenericSpysPlaceholderIsMadeByItsCompanion() {
    #expect(
      ObjectIdentifier(RepositorySpyPlaceholder.spiedProtocol)
        == ObjectIdentifier((any Repository).self)
    )
    let repository = RepositorySpyPlaceholder.makePlaceholderSpy() as? RepositorySpy<Int>
    #expect(repository != nil)
    #expect(repository?.calls == [])
  }

  @Test func aSpyImplementsTheRequirementsOfItsParents() async throws {
    let account = AccountSpy()
    account.stub(.displayName, returning: "Ada")
    account.stub(.balance, returning: Decimal(10))
    #expect(account.displayName == "Ada")
    #expect(try await account.balance() == 10)
    // CustomStringConvertible, from another module, is the spy's own description.
    #expect(account.description == "AccountSpy recorded 2 calls: [displayName, balance]")
    let named: any Named = account
    #expect(named.displayName == "Ada")
  }

  @Test func aClassSpyOverridesTheOpenMembers() async throws {
    let tracker = TrackerSpy()
    tracker.spy.stub(.flush, returning: 3)
    tracker.spy.stub(.isEnabled, returning: false)
    tracker.track("tap")
    #expect(try await tracker.flush() == 3)
    #expect(!tracker.isEnabled)
    #expect(tracker.name() == "tracker")  // final: the real one
    #expect(tracker.spy.calls == [.track(event: "tap"), .flush, .isEnabled])
  }

  @Test func theMarkedProtocolHasASpy() {
    let clock = ClockSpy()
    clock.stub(.now, returning: Date(timeIntervalSince1970: 1))
    #expect(clock.now() == Date(timeIntervalSince1970: 1))
  }
}
