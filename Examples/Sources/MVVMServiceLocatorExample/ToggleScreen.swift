import SharedInstances
import SharedInstancesLocator

/// Builds the toggle screen from the services in a locator: the only place that knows about
/// the locator. The view model and the view receive their service explicitly.
public enum ToggleScreen {
  /// Creates the view, getting the service from `locator` or registering one there.
  ///
  /// - Parameters:
  ///   - model: What the screen starts from.
  ///   - locator: Where the services are; the app passes `AppServices.locator.value`.
  /// - Returns: The view, with its view model.
  public static func make(model: Model, locator: any ServiceLocating) -> View {
    let service = locator.getOrRegister(LocatableServiceImplementation.self)
    return View(viewModel: ViewModel(model: model, service: service))
  }

  /// Releases the screen's service once no screen needs it.
  ///
  /// - Parameter locator: Where the services are.
  /// - Throws: `ServiceLocator.Error.inexistentService` when it was not registered.
  public static func tearDown(locator: any ServiceLocating) throws {
    try locator.unregister(LocatableServiceImplementation.self)
  }
}
