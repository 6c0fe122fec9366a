import SharedInstances
import SharedInstancesLocator

/// Article 002, "MVVM with a service and a service locator", with a locator that is safe to
/// share and that tests get a fresh copy of.
///
/// The article moves a view model's service out of a `static let singleton`, which is never
/// released, into a service locator: register, get, unregister when no longer needed, and
/// `getOrRegister` for services that can create themselves (`Serviceable`). Its locator is a
/// `static let shared` dictionary without a lock, and the article itself notes that its
/// `getOrRegister` cannot yet be called from several threads.
///
/// Here the locator is the library's `ServiceLocator`: thread-safe, `getOrRegister` atomic (one
/// instance however many threads race), errors you can match (`duplicateService`,
/// `inexistentService`, `typeMismatch`), and unregistering releases the service. The app keeps
/// its locator in a `Resettable` (``locator``) rather than a bare static, so every test
/// under `@Test(.isolatedShared)` gets an empty locator of its own.
///
/// `AppServices` is where the app keeps its services.
public enum AppServices {
  /// The app's locator; each isolated test gets an empty one.
  ///
  /// ```swift
  /// let service = AppServices.locator.value.getOrRegister(LocatableServiceImplementation.self)
  /// ```
  public static let locator = Resettable { ServiceLocator() }
}
