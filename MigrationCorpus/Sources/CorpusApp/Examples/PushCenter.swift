import Foundation

// The Examples' PushCenter before it was made testable: the shared accessor in an extension.

public final class PushCenter: @unchecked Sendable {
  // @unchecked: `toasts` is only touched while `lock` is held.
  private let lock = NSLock()
  private var toasts: [[String: String]] = []

  public init() {}

  public func presentToast(withUserInfo userInfo: [String: String]) {
    lock.withLock { toasts.append(userInfo) }
  }

  public var presentedCount: Int { lock.withLock { toasts.count } }
}

extension PushCenter {
  /// The app's push center.
  public static let sharedCenter = PushCenter()
}

/// Routes a push notification's payload.
public enum PushHandler {
  public static func handle(_ payload: [String: String]) {
    PushCenter.sharedCenter.presentToast(withUserInfo: payload)
    Analytics.tracker.track("push", properties: payload)
  }
}
