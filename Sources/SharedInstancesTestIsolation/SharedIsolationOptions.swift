/// How an isolated test reaches and checks its shared instances.
///
/// By default (no options) a test's scope follows its tasks only, and the test may read any
/// shared instance. ``processWide`` lets code on other threads see the scope;
/// ``strict`` fails the test when it reads a shared instance it did not override. Pass them to
/// ``Testing/Trait/isolatedShared(_:setUp:)``, to
/// ``withIsolatedShared(_:name:fileID:line:operation:)`` or, in XCTest, through
/// ``IsolatedSharedTestCase/sharedIsolationOptions``.
///
/// ```swift
/// @Test(.isolatedShared([.processWide, .strict])) func uploadsInBackground() { … }
/// ```
public struct SharedIsolationOptions: OptionSet, Sendable, Hashable {
  /// The raw bits: ``processWide`` is bit 0, ``strict`` bit 1, ``quietPeriod`` bit 4.
  ///
  /// Use the named options rather than the bits.
  ///
  /// ```swift
  /// #expect(SharedIsolationOptions.strict.rawValue == 2)
  /// ```
  public let rawValue: Int

  /// Creates options from raw bits.
  ///
  /// ```swift
  /// let options = SharedIsolationOptions(rawValue: 1)   // .processWide
  /// ```
  ///
  /// - Parameter rawValue: The bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The test's scope is also seen by code on every other thread: `DispatchQueue` callbacks,
  /// `Thread`s, `OperationQueue`s, `NotificationCenter` observers, `Task.detached`.
  ///
  /// Use it when the code under test hops threads on its own. A test with this option runs
  /// alone among isolated tests: it waits (without blocking a thread) until no isolated test
  /// runs, and isolated tests that start meanwhile wait for it, so that no thread another
  /// isolated test started can land in its scope. Tests without the trait are not held.
  ///
  /// The test captures the boxes it touches: once the test has overridden, read, set or reset a
  /// box, code on any thread outside a test's tasks resolves that box in the test's scope. Boxes
  /// the test never touched stay process-wide, so tests running in parallel that use other
  /// boxes, and their threads, are not affected. Touch a box in the test (or in the trait's
  /// `setUp`) before code on other threads uses it.
  ///
  /// ```swift
  /// @Test(.isolatedShared(.processWide)) func savesInBackground() async { … }
  /// ```
  public static let processWide = SharedIsolationOptions(rawValue: 1 << 0)

  /// Reading a shared instance the test did not override fails the test, naming the box and
  /// where it is declared: every dependency of the code under test must be stated by the test.
  ///
  /// ```swift
  /// @Test(.isolatedShared(.strict)) func showsProfile() {
  ///   Session.currentUser.override(with: .fixture)
  ///   ProfileModel().load()   // fails if it also reads, say, Analytics.shared
  /// }
  /// ```
  public static let strict = SharedIsolationOptions(rawValue: 1 << 1)

  /// After a ``processWide`` test's body returns, its scope stays open until code outside the
  /// test's tasks has not read any shared instance in it for 100 milliseconds (at most one
  /// second), and each box read in that period fails the test: work the test started (a
  /// `DispatchQueue.asyncAfter`, a timer, a callback) outlived it and would otherwise land in
  /// the next process-wide test's scope.
  ///
  /// It catches late reads that arrive within the quiet period; a read that comes later still
  /// lands in whatever runs then, unreported. Each test with the option takes at least 100
  /// milliseconds longer. Without ``processWide`` it does nothing: a task-isolated test's late
  /// work is reported when it uses the ended scope.
  ///
  /// ```swift
  /// @Test(.isolatedShared([.processWide, .quietPeriod])) func syncsInBackground() async { … }
  ///
  /// final class SyncTests: IsolatedSharedTestCase {
  ///   override var sharedIsolationOptions: SharedIsolationOptions { [.processWide, .quietPeriod] }
  /// }
  /// ```
  public static let quietPeriod = SharedIsolationOptions(rawValue: 1 << 4)
}
