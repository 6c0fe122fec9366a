// Code of the previous release that used the locator from the core module alone.
// expect-error: 'ServiceLocator' is unavailable: moved to SharedInstancesLocator: add the product and import it
// expect-error: 'shared' is unavailable: moved to SharedInstancesLocator: add the product and import it
// expect-error: 'ServiceLocating' is unavailable: moved to SharedInstancesLocator: add the product and import it
import SharedInstances

func feed() -> Any { ServiceLocator.shared }
func make(locator: any ServiceLocating) {}
