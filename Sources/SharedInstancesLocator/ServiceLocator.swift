// `SharedInstancesLocator`: depends on the core only; `SharedInstancesTesting` re-exports it.

import SharedInstances

/// A thread-safe registry of services, keyed by type or by name, that you create, hold and pass
/// to the code that needs it.
///
/// A service locator keeps references to services (a user provider, an image cache) so that
/// each need not be its own singleton, and so that a service can be released when it is no
/// longer needed. The library defines no shared locator: create one where your app starts, keep
/// it (in the app object, or in a `Resettable` so that tests get their own), and pass it to
/// your factories, which pass the services themselves to the objects they create.
///
/// ```swift
/// let locator = ServiceLocator()
/// try locator.register(service: URLSessionDownloader() as any ImageDownloading)
/// try locator.register(ImageCache.self) { locator in
///   ImageCache(downloader: try locator.get((any ImageDownloading).self))
/// }
///
/// let cache = try locator.get(ImageCache.self)       // created now, once
/// let viewController = GalleryFactory.make(locator: locator)
/// try locator.unregister(ImageCache.self)             // released
/// ```
///
/// ## Keys
///
/// A service registered with a name is found by the name; one registered without a name, by
/// the identity of the type it was registered as. A service registered as a protocol
/// (`Downloader() as any ImageDownloading`) is found as that protocol. Types are never
/// compared by how they print, so two types named `Client` in different modules never collide.
///
/// ## Guarantees
///
/// - **Thread-safe.** Every method may be called from any thread at any time.
/// - **Exactly once.** A factory runs at most once per registration, however many threads ask
///   for its service at the same moment; the others wait for its result. A factory that throws
///   runs again at the next request.
/// - **No lock around your code.** A factory runs holding only its own registration's lock,
///   so it may get, register and unregister other services; services are released with no
///   lock held.
/// - **Cycles are errors.** A factory that needs, directly or through other factories, the
///   service it creates makes the request throw ``Error/circularDependency(_:cycle:)``, also
///   when the factories of the cycle run on different threads or belong to different
///   locators, instead of deadlocking. A cycle that passes through something else that waits
///   (a `Resettable` box's factory on another thread, `DispatchQueue.main.sync`) is not seen:
///   it deadlocks as it would without the locator.
/// - **Releases.** Once ``unregister(_:name:)`` or ``unregisterAll()`` returns, the locator
///   holds no reference to the services it unregistered.
/// - **Fast reads.** ``get(_:name:)`` of a service registered without a name takes no lock and
///   writes no shared memory: a hash of the type's identity and one atomic load.
///
/// ## Tests
///
/// Test the objects your factories create by passing them doubles, without a locator. Where a
/// test needs one, create a locator for the test; a locator held in a `Resettable` is the
/// test's own under `@Test(.isolatedShared)`.
public final class ServiceLocator: ServiceLocating, Sendable {
  @usableFromInline let _store = _ServiceStore()

  /// Creates an empty locator.
  ///
  /// Create one where your app starts and keep it there, or in a `Resettable`.
  ///
  /// ```swift
  /// @main final class AppDelegate: UIResponder, UIApplicationDelegate {
  ///   let locator = ServiceLocator()
  /// }
  /// ```
  public init() {}

  // MARK: - Registering

  /// Registers an instance of a service as `type`, under a name or else under the type.
  ///
  /// Call ``ServiceLocating/register(service:as:name:)``, which registers a service as its
  /// static type (or the type you pass) and reads better; this form names the type first, as
  /// ``register(_:name:factory:)`` does.
  ///
  /// ```swift
  /// try locator.register(ImageCache.self, name: "thumbnails", instance: ImageCache(capacity: 50))
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to register the service as.
  ///   - name: The name to register under, or nil to register under the type.
  ///   - instance: The instance every ``get(_:name:)`` for this key returns.
  /// - Returns: The key the service is registered under.
  /// - Throws: ``Error/duplicateService(_:)`` when a service is already registered under the
  ///   key. Registering never replaces a service.
  @discardableResult
  public func register<Service: Sendable>(
    _ type: Service.Type,
    name: String?,
    instance: Service
  ) throws -> ServiceName {
    let key = ServiceName(type: Service.self, name: name)
    try _store.insert(_TypedServiceEntry(name: key, instance: instance))
    return key
  }

  /// Registers a service that `factory` creates when it is first asked for.
  ///
  /// The factory runs on the first thread that asks for the service, exactly once, holding no
  /// lock that other registrations need. It receives the locator to get the services it
  /// depends on: use that parameter rather than capturing the locator, which would keep
  /// itself alive. ``register(_:factory:)`` omits the name.
  ///
  /// ```swift
  /// try locator.register(ImageCache.self, name: "avatars") { locator in
  ///   ImageCache(downloader: try locator.get((any ImageDownloading).self), capacity: 200)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to register the service as.
  ///   - name: The name to register under, or nil to register under the type.
  ///   - factory: Creates the service. When it throws, the request that ran it rethrows the
  ///     error and the next request runs it again.
  /// - Returns: The key the service is registered under.
  /// - Throws: ``Error/duplicateService(_:)`` when a service is already registered under the
  ///   key.
  @discardableResult
  public func register<Service: Sendable>(
    _ type: Service.Type,
    name: String?,
    factory: @escaping @Sendable (any ServiceLocating) throws -> Service
  ) throws -> ServiceName {
    let key = ServiceName(type: Service.self, name: name)
    try _store.insert(_TypedServiceEntry(name: key, factory: factory))
    return key
  }

  // MARK: - Getting

  /// Returns the service registered under a name, or else under its type: the look-up
  /// ``ServiceLocating/get(_:name:)`` calls.
  ///
  /// Call ``ServiceLocating/get(_:name:)``, whose type and name default. A lazily registered
  /// service is created by this call if it is the first to ask. A service registered with a
  /// name can be asked for as any type it can be cast to, such as a protocol it conforms to.
  ///
  /// ```swift
  /// let avatars = try locator.get(ImageCache.self, name: "avatars")
  /// let downloader: any ImageDownloading = try locator.get()
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of service to return.
  ///   - name: The name the service is registered under, or nil for a service registered
  ///     under `type`.
  /// - Returns: The service.
  /// - Throws: ``Error/inexistentService(_:registered:)`` when nothing is registered under the key;
  ///   ``Error/typeMismatch(_:expected:found:)`` when the service registered under `name` is
  ///   not a `Service`; ``Error/circularDependency(_:cycle:)`` when the service's factory
  ///   needs the service itself; or the error its factory throws, unchanged.
  @inlinable
  public func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
    if let name {
      if let value = _store.value(named: name, ofType: Service.self) { return value }
    } else if let value = _store.value(ofType: Service.self) {
      return value
    }
    return try _getSlowly(type, name: name)
  }

  /// Looks the key up again under the lock: a service still to be created, a named service
  /// asked for as another type, or an error.
  @usableFromInline @inline(never)
  func _getSlowly<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
    let key = ServiceName(type: Service.self, name: name)
    while true {
      guard let entry = _store.entry(for: key) else {
        let registered = _store.registeredNames(nearest: key) { $0 is Service }
        throw Error.inexistentService(key, registered: registered)
      }
      if entry.typeID == ObjectIdentifier(Service.self) {
        // Registered as exactly `Service`: the entry is a `_TypedServiceEntry<Service>`.
        let typed = unsafeDowncast(entry, to: _TypedServiceEntry<Service>.self)
        if let value = try _store.resolve(typed, locator: self) { return value }
      } else if let value = try entry.resolveAny(in: _store, locator: self) {
        guard let service = value as? Service else {
          throw Error.typeMismatch(key, expected: Service.self, found: entry.type)
        }
        return service
      }
      // Unregistered while its factory ran: look again.
    }
  }

  /// Returns the service registered under its type, or creates and registers one, atomically.
  ///
  /// However many threads race on it, one instance is created and every caller gets it. A
  /// service registered under the type by other means (an instance or a factory) is returned
  /// as it is.
  ///
  /// ```swift
  /// let viewModel = ToggleViewModel(service: locator.getOrRegister(ToggleService.self))
  /// ```
  ///
  /// > Important: `getOrRegister` cannot throw. If the service is registered with a factory
  /// > that throws, or its creation is circular, it stops the program with the error's
  /// > description. Use ``get(_:name:)`` for services whose creation can fail.
  ///
  /// - Parameter type: The type of service, registered without a name.
  /// - Returns: The registered service.
  @inlinable
  public func getOrRegister<Service: Serviceable>(_ type: Service.Type) -> Service {
    if let value = _store.value(ofType: Service.self) { return value }
    return _getOrRegisterSlowly(type)
  }

  @usableFromInline @inline(never)
  func _getOrRegisterSlowly<Service: Serviceable>(_ type: Service.Type) -> Service {
    let key = ServiceName(Service.self)
    while true {
      let entry = _store.entry(for: key) {
        _TypedServiceEntry<Service>(name: key) { _ in Service() }
      }
      // Registered under the type `Service`: the entry is a `_TypedServiceEntry<Service>`.
      let typed = unsafeDowncast(entry, to: _TypedServiceEntry<Service>.self)
      do {
        if let value = try _store.resolve(typed, locator: self) { return value }
      } catch {
        fatalError("ServiceLocator.getOrRegister(\(key).self) failed: \(error)")
      }
      // Unregistered while its factory ran: register again.
    }
  }

  // MARK: - Unregistering

  /// Unregisters a service and releases it.
  ///
  /// Once this returns the locator holds no reference to the service; it is deallocated
  /// unless something else holds it. A factory still creating it has its result dropped.
  /// ``unregister(_:)`` omits the name.
  ///
  /// ```swift
  /// try locator.unregister(ImageCache.self, name: "avatars")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type the service was registered as.
  ///   - name: The name the service was registered under, or nil for a service registered
  ///     under `type`.
  /// - Throws: ``Error/inexistentService(_:registered:)`` when nothing is registered under the key;
  ///   ``Error/typeMismatch(_:expected:found:)`` when the service registered under `name` was
  ///   registered as another type (nothing is unregistered).
  public func unregister<Service: Sendable>(_ type: Service.Type, name: String?) throws {
    try _store.remove(ServiceName(type: Service.self, name: name), type: Service.self)
  }

  /// Unregisters every service and releases them.
  ///
  /// Once this returns the locator holds no reference to any service it held. Use it where a
  /// lifetime ends, such as a user session.
  ///
  /// ```swift
  /// func didSignOut() {
  ///   sessionLocator.unregisterAll()
  /// }
  /// ```
  public func unregisterAll() {
    _store.removeAll()
  }
}
