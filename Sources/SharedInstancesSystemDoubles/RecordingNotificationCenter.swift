import Foundation
import SharedInstances
import _SharedInstancesTestReporting

/// A notification center of a test's own that records every notification posted through it.
///
/// It delivers like any `NotificationCenter` (synchronously, on the posting thread), to the
/// observers added to it alone. An isolated test that does not override
/// `SystemBoxes.notificationCenter` gets one already; read what was posted with
/// ``SharedInstances/Resettable/postedNotifications(fileID:filePath:line:column:)``, or create one to hold on to:
///
/// ```swift
/// @Test(.isolatedShared) func savingAnnouncesTheChange() {
///   let center = RecordingNotificationCenter()
///   SystemBoxes.notificationCenter.override(with: center)
///   Settings().save(theme: .dark)
///   #expect(center.postedNames == [.settingsDidChange])
/// }
/// ```
public final class RecordingNotificationCenter: NotificationCenter, @unchecked Sendable {
  // @unchecked: as `NotificationCenter` itself; its own state is behind `Protected`'s locks.
  private let recorded = Recorded()

  /// Creates an empty center that has recorded nothing.
  ///
  /// ```swift
  /// SystemBoxes.notificationCenter.override(with: RecordingNotificationCenter())
  /// ```
  #if canImport(ObjectiveC)
    public required override init() {
      super.init()
      startRecording()
    }
  #else
    // swift-corelibs-foundation declares `init()` required.
    public required init() {
      super.init()
      startRecording()
    }
  #endif

  /// Observes every notification: `post` is not `open` on every platform, but an observer of
  /// all names is called for each post, synchronously, before `post` returns.
  private func startRecording() {
    let recorded = self.recorded
    let token = addObserver(forName: nil, object: nil, queue: nil) { notification in
      recorded.append(notification)
    }
    recorded.keep(token)
  }

  /// The notifications posted through this center, in the order they were posted.
  ///
  /// ```swift
  /// #expect(center.posted.first?.object as? Feed == feed)
  /// ```
  public var posted: [Notification] { recorded.notifications }

  /// The names of the notifications posted through this center, in order.
  ///
  /// ```swift
  /// #expect(center.postedNames == [.feedDidChange])
  /// ```
  public var postedNames: [Notification.Name] { posted.map(\.name) }

  /// Forgets what was posted so far.
  ///
  /// ```swift
  /// center.resetPosted()
  /// #expect(center.posted.isEmpty)
  /// ```
  public func resetPosted() { recorded.removeAll() }
}

/// What a ``RecordingNotificationCenter`` recorded. `Notification` is not `Sendable`: kept in a
/// lock of its own.
private final class Recorded: @unchecked Sendable {
  // @unchecked: every stored property is accessed with `lock` held.
  private let lock = NSLock()
  private var recorded: [Notification] = []
  private var observer: (any NSObjectProtocol)?

  var notifications: [Notification] { lock.withLock { recorded } }

  func append(_ notification: Notification) { lock.withLock { recorded.append(notification) } }

  func removeAll() { lock.withLock { recorded.removeAll() } }

  func keep(_ token: any NSObjectProtocol) { lock.withLock { observer = token } }
}

extension Resettable where Shared == NotificationCenter {
  /// The notifications posted in this test through the box's center, in order.
  ///
  /// ```swift
  /// @Test(.isolatedShared) func refreshingAnnouncesTheNewFeed() async throws {
  ///   try await FeedClient().refresh()
  ///   #expect(SystemBoxes.notificationCenter.postedNotifications().map(\.name) == [.feedDidChange])
  /// }
  /// ```
  ///
  /// It reads the box: in an isolated test that did not override it, the test's own center.
  /// When the box holds a center that does not record (the app's `NotificationCenter.default`,
  /// one a test set), the test fails, naming the box, and the list is empty.
  public func postedNotifications(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [Notification] {
    if let recording = value as? RecordingNotificationCenter { return recording.posted }
    TestFailure.fail(
      """
      \(self) holds a \(type(of: value)), which records nothing: override it with a \
      RecordingNotificationCenter (an isolated test that does not override it gets one).
      """,
      at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    return []
  }
}
