import SharedInstances

/// Article 001, "Testable singletons in Swift", with a shared instance tests can replace.
///
/// The article's view controller calls `ScarySingleton.sharedInstance` directly, which makes it
/// hard to test for two reasons: a test cannot see whether `doSomethingImportant()` was called,
/// and the singleton's state (`someImportantValue`) carries over from one test to the next. Its
/// fix is constructor injection with the shared instance as the default argument, so that app
/// code writes `ViewController()` and tests pass a stub subclass that records its calls.
///
/// Here that shape stays, and the two problems go further away:
///
/// - `sharedInstance` is a `Resettable`, so under `@Test(.isolatedShared)` every test reads a
///   fresh singleton of its own, also through the default argument: no state carries over, and
///   tests run in parallel.
/// - The stub (`ScaryStub` in the tests) holds a `Spy` from `SharedInstancesTesting`, which
///   records every call in order, thread-safely, in two lines.
///
/// The singleton backs a screen, so it lives on the main actor, which also makes it `Sendable`
/// without a lock. Its initializer is `nonisolated` (it only sets defaults), so the box's
/// factory may run on whichever thread reads it first.
@MainActor open class ScarySingleton {
  /// The app's one instance, created at first read.
  ///
  /// ```swift
  /// ScarySingleton.sharedInstance.value.doSomethingImportant()
  /// ```
  public static let sharedInstance = Resettable { ScarySingleton() }

  /// Something the app sets and other screens read later.
  public var someImportantValue: String?

  /// Creates a singleton. The app uses ``sharedInstance``; tests create stub subclasses.
  nonisolated public init() {}

  /// Does the important thing (here it only counts, standing in for work a test must avoid).
  open func doSomethingImportant() {
    importantThingsDone += 1
  }

  /// How many times the important thing was done, for the app's diagnostics screen.
  public private(set) var importantThingsDone = 0
}
