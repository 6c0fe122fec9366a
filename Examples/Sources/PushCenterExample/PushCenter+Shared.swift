import SharedInstances

// The shared accessor, kept apart from what a push center does.
extension PushCenter {
  /// The app's push center. Tests under `@Test(.isolatedShared)` get one of their own.
  ///
  /// ```swift
  /// PushCenter.sharedCenter.value.presentToast(withUserInfo: payload)
  /// ```
  public static let sharedCenter = Resettable { PushCenter() }
}
