import SharedInstances

/// A registry of services that code resolves its dependencies from: what a factory depends on
/// when it needs services.
///
/// ``ServiceLocator`` is the implementation. Depend on this protocol where you receive a
/// locator, in the factories of your screens and flows, and pass the services you get from it
/// explicitly to the objects those factories create, which never see the locator:
///
/// ```swift
/// enum EditProfileFactory {
///   static func make(locator: any ServiceLocating) throws -> EditProfileViewController {
///     EditProfileViewController(userProvider: try locator.get((any UserProviding).self))
///   }
/// }
/// ```
///
/// The requirements take every argument; the extension adds the look-up, ``get(_:name:)``, whose
/// type and name default, and the short forms `register(service:as:name:)`,
/// `register(_:factory:)` and `unregister(_:)`. A locator of your own implements
/// ``resolve(_:name:)`` for ``get(_:name:)`` to call: a type that does not is not a
/// `ServiceLocating`, and the compiler says so.
public protocol ServiceLocating: Sendable {
  /// Registers an instance of a service as `type`, under a name or else under the type.
  ///
  /// Call ``register(service:as:name:)``, which fills `type` in with the static type of the
  /// service. This requirement names the type first, as ``register(_:name:factory:)`` does.
  ///
  /// ```swift
  /// try locator.register((any ImageDownloading).self, name: nil, instance: URLSessionDownloader())
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to register the service as.
  ///   - name: The name to register under, or nil to register under the type.
  ///   - instance: The instance every ``get(_:name:)`` for this key returns.
  /// - Returns: The key the service is registered under.
  /// - Throws: ``ServiceLocator/Error/duplicateService(_:)`` when the key is taken.
  @discardableResult
  func register<Service: Sendable>(
    _ type: Service.Type,
    name: String?,
    instance: Service
  ) throws -> ServiceName

  /// Registers a service that `factory` creates when it is first asked for.
  ///
  /// The factory receives the locator to get the services it depends on; capture nothing else
  /// that holds the locator, or the locator would keep itself alive.
  ///
  /// ```swift
  /// try locator.register(ImageCache.self, name: "avatars") { locator in
  ///   ImageCache(downloader: try locator.get((any ImageDownloading).self))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to register the service as.
  ///   - name: The name to register under, or nil to register under the type.
  ///   - factory: Creates the service, exactly once, on the first thread that asks for it.
  /// - Returns: The key the service is registered under.
  /// - Throws: ``ServiceLocator/Error/duplicateService(_:)`` when the key is taken.
  @discardableResult
  func register<Service: Sendable>(
    _ type: Service.Type,
    name: String?,
    factory: @escaping @Sendable (any ServiceLocating) throws -> Service
  ) throws -> ServiceName

  /// Returns the service registered under a name, or else under its type: what a locator
  /// implements, and ``get(_:name:)`` calls.
  ///
  /// Call ``get(_:name:)``, whose type and name default. The look-up a caller writes is not a
  /// requirement, so that a conforming type that forgets this one fails to compile instead of
  /// being handed a default that calls itself. A lazily registered service is created by the
  /// first request. A service registered with a name can be asked for as any type it can be
  /// cast to.
  ///
  /// ```swift
  /// struct FeatureLocator: ServiceLocating {
  ///   let base: ServiceLocator
  ///
  ///   func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
  ///     try base.resolve(type, name: name)
  ///   }
  ///   // register, unregister, unregisterAll and getOrRegister forward to `base` too.
  /// }
  ///
  /// let cache = try FeatureLocator(base: locator).get(ImageCache.self)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of service to return.
  ///   - name: The name the service is registered under, or nil for a service registered
  ///     under `type`.
  /// - Returns: The service.
  /// - Throws: ``ServiceLocator/Error/inexistentService(_:registered:)`` when nothing is registered under
  ///   the key, ``ServiceLocator/Error/typeMismatch(_:expected:found:)`` when a named service
  ///   is not a `Service`, ``ServiceLocator/Error/circularDependency(_:cycle:)`` when its
  ///   factory needs it, or what its factory throws.
  func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service

  /// Unregisters a service and releases it.
  ///
  /// Once this returns, the locator holds no reference to the service.
  ///
  /// ```swift
  /// try locator.unregister(ImageCache.self, name: "avatars")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type the service was registered as.
  ///   - name: The name the service was registered under, or nil for a service registered
  ///     under `type`.
  /// - Throws: ``ServiceLocator/Error/inexistentService(_:registered:)`` when nothing is registered under
  ///   the key, ``ServiceLocator/Error/typeMismatch(_:expected:found:)`` when a named service
  ///   was registered as another type.
  func unregister<Service: Sendable>(_ type: Service.Type, name: String?) throws

  /// Unregisters every service and releases them.
  ///
  /// Use it where a lifetime ends, such as a user session.
  ///
  /// ```swift
  /// func didSignOut() { locator.unregisterAll() }
  /// ```
  func unregisterAll()

  /// Returns the service registered under its type, or creates and registers one, atomically.
  ///
  /// However many threads race on it, one instance is created.
  ///
  /// ```swift
  /// let toggles = locator.getOrRegister(ToggleService.self)
  /// ```
  ///
  /// - Parameter type: The type of service, registered without a name.
  /// - Returns: The registered service: the same instance to every caller, however many race.
  func getOrRegister<Service: Serviceable>(_ type: Service.Type) -> Service
}

extension ServiceLocating {
  /// Registers an instance of a service as the type it has where you call this, under a name
  /// or else under that type.
  ///
  /// The service is registered as the *static* type of `service`, the type the compiler sees at
  /// the call, never as the type of the instance at run time: a value of type
  /// `any NetworkClient` is registered as `(any NetworkClient).self` and found by
  /// `get((any NetworkClient).self)`, whatever class implements it. Pass `type` to register it
  /// as another type it converts to; the compiler rejects a type the service does not convert
  /// to.
  ///
  /// ```swift
  /// // `LiveNetworkClient.shared` is a `Resettable<any NetworkClient>`.
  /// try locator.register(service: LiveNetworkClient.shared.value)
  /// let client = try locator.get((any NetworkClient).self)
  ///
  /// try locator.register(service: URLSessionDownloader(), as: (any ImageDownloading).self)
  /// try locator.register(service: ImageCache(capacity: 50), name: "thumbnails")
  /// ```
  ///
  /// - Parameters:
  ///   - service: The instance every ``get(_:name:)`` for this key returns.
  ///   - type: The type to register the service as. Leave the default to register it as its
  ///     static type.
  ///   - name: The name to register under, or nil to register under the type.
  /// - Returns: The key the service is registered under.
  /// - Throws: ``ServiceLocator/Error/duplicateService(_:)`` when a service is already
  ///   registered under the key. Registering never replaces a service.
  @inlinable @discardableResult
  public func register<Service: Sendable>(
    service: Service,
    as type: Service.Type = Service.self,
    name: String? = nil
  ) throws -> ServiceName {
    // `type` makes `Service` the static type at the call: with `service` alone, Swift would
    // open an existential argument and register the instance's dynamic type.
    try register(type, name: name, instance: service)
  }

  /// Registers, under its type, a service that `factory` creates when it is first asked for.
  ///
  /// The short form of ``register(_:name:factory:)`` with no name.
  ///
  /// ```swift
  /// try locator.register(ImageCache.self) { locator in
  ///   ImageCache(downloader: try locator.get((any ImageDownloading).self))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to register the service as; inferred from `factory` when omitted.
  ///   - factory: Creates the service, exactly once, on the first thread that asks for it. It
  ///     receives the locator to get the services it depends on.
  /// - Returns: The key the service is registered under: its type.
  /// - Throws: ``ServiceLocator/Error/duplicateService(_:)`` when a service is already
  ///   registered as that type.
  @inlinable @discardableResult
  public func register<Service: Sendable>(
    _ type: Service.Type = Service.self,
    factory: @escaping @Sendable (any ServiceLocating) throws -> Service
  ) throws -> ServiceName {
    try register(type, name: nil, factory: factory)
  }

  /// Returns the service registered under a type, or under a name: the one spelling of a
  /// look-up, whose type and name both default.
  ///
  /// The type defaults to the one the call site expects, and the name to none:
  ///
  /// ```swift
  /// let downloader: any ImageDownloading = try locator.get()
  /// let cache = try locator.get(ImageCache.self)
  /// let avatars: ImageCache = try locator.get(name: "avatars")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of service to return. Leave the default where the call site says it.
  ///   - name: The name the service is registered under, or nil for a service registered
  ///     under the type.
  /// - Returns: The service.
  /// - Throws: ``ServiceLocator/Error/inexistentService(_:registered:)`` when nothing is
  ///   registered under the key, and the other errors of the locator's ``resolve(_:name:)``.
  @inlinable
  public func get<Service: Sendable>(
    _ type: Service.Type = Service.self,
    name: String? = nil
  ) throws -> Service {
    try resolve(type, name: name)
  }

  /// Unregisters the service registered under `type` and releases it.
  ///
  /// The short form of ``unregister(_:name:)`` with no name.
  ///
  /// ```swift
  /// try locator.unregister(ImageCache.self)
  /// ```
  ///
  /// - Parameter type: The type the service was registered as, without a name.
  /// - Throws: ``ServiceLocator/Error/inexistentService(_:registered:)`` when nothing is registered as
  ///   `type`.
  @inlinable
  public func unregister<Service: Sendable>(_ type: Service.Type) throws {
    try unregister(type, name: nil)
  }
}
