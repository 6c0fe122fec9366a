import Foundation
import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import TestSupport
import Testing
import _SharedInstancesIsolation

/// `Spy.perTest(name:)`: the spy of a double's static requirements, a fresh one in each isolated
/// test and one for the process elsewhere, left out of dependency checks.
@Suite(TimeLimits.waiting) struct SpyPerTestTests {
  @Test(.isolatedShared, arguments: [1, 2, 3])
  func eachIsolatedTestRecordsAndStubsItsOwnSpy(_ id: Int) async {
    ThemeSpy.statics.stub(.current, returning: "theme \(id)")
    ThemeSpy.apply(id)
    // The arguments run in parallel: wait until all have stubbed and recorded.
    await arrivals.arrive(expecting: 3)
    #expect(ThemeSpy.current() == "theme \(id)")
    #expect(ThemeSpy.statics.calls == [.apply(id: id), .current])
  }

  @Test func aTestWithoutIsolationSharesOneSpyForTheProcess() {
    let spy = ThemeSpy.statics
    ThemeSpy.apply(9)
    #expect(ThemeSpy.statics === spy)
    #expect(spy.calls.contains(.apply(id: 9)))
    let isolated = withIsolatedShared { ThemeSpy.statics }
    #expect(isolated !== spy)
    #expect(withIsolatedShared { ThemeSpy.statics } !== isolated)
    #expect(ThemeSpy.statics.spyName == "ThemeSpy.statics")
  }

  @Test(.isolatedShared(.strict)) func theBoxIsNeitherADependencyNorARealInstanceToStrictTests() {
    ThemeSpy.apply(1)
    #expect(ThemeSpy.statics.calls == [.apply(id: 1)])
    #expect(SharedScope.current.touchedInstances.isEmpty)
    #expect(_Scope.current?.dependencies().isEmpty == true)
  }

  @Test(.isolatedShared) func anUnstubbedCallNamesTheStaticsSpy() {
    withKnownIssue {
      _ = ThemeSpy.current()
    } matching: { issue in
      text(of: issue).contains("Unstubbed call: ThemeSpy.statics.current received current")
    }
  }
}

// MARK: - Fixtures

private protocol Theming {
  static func apply(_ id: Int)
  static func current() -> String
}

private final class ThemeSpy: Spy<ThemeSpy.Call>, Theming, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case apply(id: Int), current

    enum Method { case apply, current }

    var method: Method {
      switch self {
      case .apply: .apply
      case .current: .current
      }
    }
  }

  static var statics: Spy<Call> { staticSpies.value }
  private static let staticSpies = Spy<Call>.perTest(name: "ThemeSpy.statics")

  static func apply(_ id: Int) { statics.record(.apply(id: id)) }
  static func current() -> String { statics.record(.current, placeholder: "") }
}

/// Where the arguments of a parameterized test wait for each other, so that they overlap.
private let arrivals = Arrivals()

private actor Arrivals {
  private var arrived = 0

  /// Waits until `count` callers have arrived, or two seconds (when tests run one at a time).
  func arrive(expecting count: Int) async {
    arrived += 1
    for _ in 0..<200 where arrived < count {
      try? await Task.sleep(nanoseconds: 10_000_000)
    }
  }
}

/// A generic double's static requirements: one spy per specialization, each isolated test with
/// its own.
@Suite(TimeLimits.waiting) struct SpyPerSpecializationTests {
  @Test(.isolatedShared) func eachSpecializationRecordsInItsOwnSpy() {
    KeyedSpy<Int>.statics.record(.configure)
    KeyedSpy<String>.statics.record(.configure)
    KeyedSpy<String>.statics.record(.configure)
    #expect(KeyedSpy<Int>.statics.calls == [.configure])
    #expect(KeyedSpy<String>.statics.calls == [.configure, .configure])
    #expect(KeyedSpy<Int>.statics.spyName == "KeyedSpy<Int>.statics")
  }

  @Test(.isolatedShared) func anotherTestStartsFromNothing() {
    #expect(KeyedSpy<Int>.statics.calls == [])
  }
}

private final class KeyedSpy<Key>: Spy<KeyedSpy<Key>.Call>, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case configure

    enum Method {
      case configure
    }

    var method: Method { .configure }
  }

  static var statics: Spy<Call> { Spy<Call>.perSpecialization(of: Self.self).value }
}
