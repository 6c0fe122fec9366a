import SharedInstances

/// The screen of article 001, with the singleton injected through its initializer.
///
/// App code creates it with `ViewController()`, which passes the shared instance; tests pass a
/// stub. The singleton is kept in a stored property and never reached statically afterwards.
@MainActor public final class ViewController {
  private let scarySingleton: ScarySingleton

  /// Creates the screen.
  ///
  /// - Parameter scarySingleton: The singleton to use; the app's shared one by default.
  public init(scarySingleton: ScarySingleton = ScarySingleton.sharedInstance.value) {
    self.scarySingleton = scarySingleton
  }

  /// Called once the screen is on its way to the display (UIKit's hook, without UIKit).
  public func viewDidLoad() {
    scarySingleton.doSomethingImportant()
    scarySingleton.someImportantValue = "Set by the screen"
  }
}
