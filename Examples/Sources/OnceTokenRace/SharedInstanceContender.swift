import SharedInstances

/// A way of holding a shared instance that tests can replace and reset: what the race workload
/// hammers.
public protocol SharedInstanceContender: Sendable {
  /// The name shown in the report.
  var name: String { get }
  /// Returns the shared instance, as app code reads it (nil only if the pattern lost it).
  func read() -> RaceArticleManager?
  /// Installs a mock, as a test's set-up does.
  func install(_ mock: RaceArticleManager)
  /// Goes back to the real instance, as a test's tear-down does.
  func reset()
}

/// The Objective-C pattern: `setSharedInstance:` with a mock, then with nil.
public struct OnceTokenContender: SharedInstanceContender {
  public let name: String
  let pattern: OnceTokenSharedInstance<RaceArticleManager>

  /// Wraps a fresh instance of the pattern.
  ///
  /// - Parameters:
  ///   - name: The row's name in the report.
  ///   - betweenSteps: What runs between the setter's two statements (a pause replays the
  ///     race in slow motion).
  ///   - makeReal: Creates a real instance.
  public init(
    name: String,
    betweenSteps: (@Sendable () -> Void)? = nil,
    makeReal: @escaping @Sendable () -> RaceArticleManager
  ) {
    self.name = name
    pattern = OnceTokenSharedInstance(betweenSteps: betweenSteps, makeReal)
  }

  public func read() -> RaceArticleManager? { pattern.sharedInstance }
  public func install(_ mock: RaceArticleManager) { pattern.setSharedInstance(mock) }
  public func reset() { pattern.setSharedInstance(nil) }
}

/// The same shared instance in a `Resettable`: `override(with:)`, then `reset()`.
public struct ResettableContender: SharedInstanceContender {
  public let name: String
  let box: Resettable<RaceArticleManager>
  let beforeChange: (@Sendable () -> Void)?

  /// Wraps a fresh box.
  ///
  /// - Parameters:
  ///   - name: The row's name in the report.
  ///   - beforeChange: What runs before each override or reset. A change is one step with no
  ///     middle to pause in, so slow motion pauses before it, keeping the writer's pace the same
  ///     as the Objective-C setter's.
  ///   - makeReal: The box's factory.
  public init(
    name: String,
    beforeChange: (@Sendable () -> Void)? = nil,
    makeReal: @escaping @Sendable () -> RaceArticleManager
  ) {
    self.name = name
    self.beforeChange = beforeChange
    box = Resettable(makeReal)
  }

  public func read() -> RaceArticleManager? { box.value }

  public func install(_ mock: RaceArticleManager) {
    beforeChange?()
    box.override(with: mock)
  }

  public func reset() {
    beforeChange?()
    box.reset()
  }
}
