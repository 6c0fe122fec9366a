import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import Testing

/// What a spy records, how it is read and how it is reset.
@Suite struct SpyRecordingTests {
  @Test func recordsEveryCallInOrderAcrossMethods() throws {
    let spy = FileStoreSpy()
    spy.stub(.open, returning: "contents")
    spy.refresh()
    _ = try spy.open(id: 3)
    _ = spy.owner(of: 7)
    spy.refresh()
    #expect(spy.calls == [.refresh, .open(id: 3), .owner(of: 7), .refresh])
  }

  @Test func countsAndListsTheCallsOfEachMethod() throws {
    let spy = FileStoreSpy()
    spy.stub(.open, returning: "contents")
    _ = try spy.open(id: 3)
    spy.refresh()
    _ = try spy.open(id: 4)

    #expect(spy.callCount(to: .open) == 2)
    #expect(spy.callCount(to: .refresh) == 1)
    #expect(spy.callCount(to: .delete) == 0)
    #expect(spy.wasCalled(.refresh))
    #expect(!spy.wasCalled(.delete))
    #expect(spy.calls(to: .open) == [.open(id: 3), .open(id: 4)])
    #expect(spy.calls(to: .delete) == [])
    #expect(spy.lastCall(to: .open) == .open(id: 4))
    #expect(spy.lastCall(to: .delete) == nil)
  }

  @Test func theArgumentsOfACallComeOutByPatternMatching() throws {
    let spy = FileStoreSpy()
    _ = spy.owner(of: 41)
    _ = spy.owner(of: 42)
    let ids = spy.calls.compactMap { call -> Int? in
      guard case .owner(let id) = call else { return nil }
      return id
    }
    #expect(ids == [41, 42])
    guard case .owner(let last) = try #require(spy.lastCall(to: .owner)) else {
      Issue.record("the last call to owner is not an owner call")
      return
    }
    #expect(last == 42)
  }

  @Test func resetCallsKeepsTheStubs() throws {
    let spy = FileStoreSpy()
    spy.stub(.open, returning: "contents")
    _ = try spy.open(id: 1)
    spy.resetSpyCalls()
    #expect(spy.calls == [])
    #expect(spy.callCount(to: .open) == 0)
    #expect(try spy.open(id: 2) == "contents")
    #expect(spy.calls == [.open(id: 2)])
  }

  @Test func resetStubsKeepsTheCalls() {
    let spy = FileStoreSpy()
    spy.stub(.owner, returning: "ada")
    #expect(spy.owner(of: 1) == "ada")
    spy.resetSpyStubs()
    #expect(spy.owner(of: 2) == nil)
    #expect(spy.calls == [.owner(of: 1), .owner(of: 2)])
  }

  @Test func resetStubsForOneMethodKeepsTheOthers() {
    let spy = FileStoreSpy()
    spy.stub(.owner, returning: "ada")
    spy.stub(.size, returning: 10)
    spy.resetStubs(for: .owner)
    #expect(spy.owner(of: 1) == nil)
    #expect(spy.size(of: 1) == 10)
  }

  @Test func resetForgetsCallsAndStubs() {
    let spy = FileStoreSpy()
    spy.stub(.owner, returning: "ada")
    spy.refresh()
    spy.resetSpy()
    #expect(spy.calls == [])
    #expect(spy.owner(of: 1) == nil)
  }

  @Test func anEnumWithoutArgumentsIsItsOwnMethod() {
    let stub = ScaryStub()
    #expect(!stub.spy.wasCalled(.doSomethingImportant))
    ViewController(scarySingleton: stub).viewDidLoad()
    #expect(stub.spy.calls == [.doSomethingImportant])
    #expect(stub.spy.callCount(to: .doSomethingImportant) == 1)
    #expect(stub.someImportantValue == "So important!")
  }

  @Test(.isolatedShared) func aComponentSpyOverridesASharedInstance() {
    let stub = ScaryStub()
    ScarySingleton.shared.override(with: stub)
    ViewController().viewDidLoad()
    #expect(stub.spy.calls == [.doSomethingImportant])
  }

  @Test func callsThatAreTheirOwnMethodCountPerArgumentValue() {
    let spy = Spy<Lookup>()
    spy.stub(.find(1), returning: "one")
    spy.stub(.find(2), returning: "two")
    #expect(spy.record(.find(2), default: "?") == "two")
    #expect(spy.record(.find(1), default: "?") == "one")
    #expect(spy.record(.find(3), default: "?") == "?")
    #expect(spy.callCount(to: .find(1)) == 1)
  }

  @Test func aSubclassIsNamedAfterItself() {
    #expect(FileStoreSpy().spyName == "FileStoreSpy")
  }

  @Test func aComponentIsNamedAfterTheTypeThatDeclaresItsCalls() {
    #expect(ScaryStub().spy.spyName == "ScaryStub")
  }

  @Test func aComponentOfALocalTypeIsNamedAfterIt() {
    final class LocalDouble {
      enum Call: SpyCall { case ping }
      let spy = Spy<Call>()
    }
    #expect(LocalDouble().spy.spyName == "LocalDouble")
  }

  @Test func aComponentOfATopLevelCallTypeIsNamedAfterTheSpy() {
    #expect(Spy<Lookup>().spyName == "Spy<Lookup>")
  }

  @Test func anExplicitNameWins() {
    #expect(Spy<ScaryStub.Call>(name: "Payments").spyName == "Payments")
    #expect(FileStoreSpy(name: "Store").spyName == "Store")
  }

  @Test func theDescriptionListsTheRecordedCalls() throws {
    let spy = FileStoreSpy()
    #expect(spy.description == "FileStoreSpy recorded no calls")
    spy.refresh()
    #expect(spy.description == "FileStoreSpy recorded 1 call: [refresh]")
    _ = spy.owner(of: 3)
    #expect(spy.description == "FileStoreSpy recorded 2 calls: [refresh, owner(of: 3)]")
  }

  @Test func theDescriptionShowsTheMostRecentTwentyCalls() {
    let spy = FileStoreSpy()
    for id in 1...25 { _ = spy.owner(of: id) }
    #expect(spy.description.hasPrefix("FileStoreSpy recorded 25 calls: […, owner(of: 6), "))
    #expect(spy.description.hasSuffix("owner(of: 25)]"))
  }
}

// MARK: - Fixtures

/// The singleton of the article, made overridable.
private class ScarySingleton: @unchecked Sendable {
  // @unchecked: the article's legacy class; the tests call it from one thread.
  static let shared = Resettable<ScarySingleton> { ScarySingleton() }

  var someImportantValue: String?

  func doSomethingImportant() {}
}

/// A double that must subclass the real class, so it holds its spy.
private final class ScaryStub: ScarySingleton, @unchecked Sendable {
  // @unchecked: as its superclass; its own state is the spy, which locks.
  enum Call: SpyCall { case doSomethingImportant }
  let spy = Spy<Call>()

  override func doSomethingImportant() { spy.record(.doSomethingImportant) }
}

/// The code under test, taking the shared instance as a default argument.
private struct ViewController {
  let scarySingleton: ScarySingleton

  init(scarySingleton: ScarySingleton = ScarySingleton.shared.value) {
    self.scarySingleton = scarySingleton
  }

  func viewDidLoad() {
    scarySingleton.doSomethingImportant()
    scarySingleton.someImportantValue = "So important!"
  }
}

/// A call enum that is `Hashable`, so each argument value is a method of its own.
private enum Lookup: SpyCall, Hashable {
  case find(Int)
}
