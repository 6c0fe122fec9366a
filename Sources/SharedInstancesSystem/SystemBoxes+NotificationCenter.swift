import Foundation
import SharedInstances

extension SystemBoxes {
  /// The app's notification center: `NotificationCenter.default` unless a test overrides it.
  ///
  /// Post and observe through it where the app would use `NotificationCenter.default`. In an
  /// isolated test (`SharedInstancesTesting`), a test that did not override it gets a center of
  /// its own, which also records what was posted: observers in one test never receive another
  /// test's notifications.
  ///
  /// ```swift
  /// SystemBoxes.notificationCenter.value.post(name: .feedDidChange, object: nil)
  ///
  /// let token = SystemBoxes.notificationCenter.value.addObserver(
  ///   forName: .feedDidChange, object: nil, queue: nil
  /// ) { _ in reload() }
  /// ```
  public static let notificationCenter = Resettable<NotificationCenter>(
    name: "SystemBoxes.notificationCenter"
  ) { .default }
}
