import SharedInstances

extension ServiceLocator {
  /// A reason a ``ServiceLocator`` cannot register, find or unregister a service.
  ///
  /// Each case carries the ``ServiceName`` involved, and its ``description`` says what
  /// happened and what to do. The cases are `Equatable`, so a test can expect one exactly.
  ///
  /// ```swift
  /// let locator = ServiceLocator()
  /// #expect(throws: ServiceLocator.Error.inexistentService(ServiceName(ImageCache.self))) {
  ///   try locator.get(ImageCache.self)
  /// }
  /// ```
  ///
  /// A factory's own errors are not wrapped: ``ServiceLocator/get(_:name:)`` rethrows them as
  /// they are.
  public enum Error: Swift.Error, Equatable {
    /// A service is already registered under this name.
    ///
    /// Registering never replaces a service. Unregister the old one first, or register the new
    /// one under another name.
    ///
    /// ```swift
    /// try locator.register(service: ImageCache())
    /// try locator.register(service: ImageCache())   // throws duplicateService(ImageCache)
    /// ```
    case duplicateService(ServiceName)

    /// No service is registered under this name.
    ///
    /// A service is found as the type it was registered as only. `registered` lists the keys
    /// that were registered when the request failed, nearest match first: a service that is an
    /// instance of the type asked for but was registered as another type (the class behind a
    /// protocol), then keys whose text is close to the one asked for. The
    /// ``description`` names them, so that a near miss explains itself.
    ///
    /// ```swift
    /// try locator.register(service: Downloader())              // registered as Downloader
    /// try locator.get((any ImageDownloading).self)
    /// // throws inexistentService(ImageDownloading, registered: [Downloader])
    /// ```
    ///
    /// `registered` is context for the message: two errors about the same key are equal
    /// whatever they list, so `#expect(throws: .inexistentService(name))` matches.
    case inexistentService(ServiceName, registered: [ServiceName] = [])

    /// The service registered under this name is not of the type asked for.
    ///
    /// Only a service registered with a name can be asked for as another type. `expected` is
    /// the type asked for; `found` the type the service was registered as.
    ///
    /// ```swift
    /// try locator.register(service: Downloader(), name: "images")
    /// try locator.get(ImageCache.self, name: "images")
    /// // throws typeMismatch("images", expected: ImageCache.self, found: Downloader.self)
    /// ```
    case typeMismatch(ServiceName, expected: Any.Type, found: Any.Type)

    /// Creating this service needs, through a chain of factories, the service itself.
    ///
    /// `cycle` lists the services from this one back to itself, such as `[A, B, A]`: A's
    /// factory asked for B, whose factory asked for A. The locator throws this instead of
    /// waiting forever or recursing until the stack overflows, also when the factories of a
    /// cycle run on different threads.
    ///
    /// ```swift
    /// try locator.register(ImageCache.self) { locator in
    ///   ImageCache(downloader: try locator.get((any ImageDownloading).self))
    /// }
    /// try locator.register((any ImageDownloading).self) { locator in
    ///   Downloader(cache: try locator.get(ImageCache.self))
    /// }
    /// try locator.get(ImageCache.self)
    /// // throws circularDependency(ImageCache, cycle: [ImageCache, ImageDownloading, ImageCache])
    /// ```
    case circularDependency(ServiceName, cycle: [ServiceName])

    /// The name of the service the error is about.
    ///
    /// Every case carries one, so a handler can report which service failed without matching
    /// each case.
    ///
    /// ```swift
    /// catch let error as ServiceLocator.Error {
    ///   logger.error("missing \(error.serviceName)")
    /// }
    /// ```
    public var serviceName: ServiceName {
      switch self {
      case .duplicateService(let name), .inexistentService(let name, _),
        .typeMismatch(let name, _, _), .circularDependency(let name, _):
        name
      }
    }

    /// Whether two errors are the same case about the same names and types.
    ///
    /// Types are compared by identity, so a test can expect an error exactly. The keys an
    /// ``inexistentService(_:registered:)`` error lists are context and not compared.
    ///
    /// ```swift
    /// #expect(error == .duplicateService(ServiceName(ImageCache.self)))
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: An error.
    ///   - rhs: Another error.
    /// - Returns: True when both are the same case with equal names and identical types.
    public static func == (lhs: Error, rhs: Error) -> Bool {
      switch (lhs, rhs) {
      case (.duplicateService(let left), .duplicateService(let right)),
        (.inexistentService(let left, _), .inexistentService(let right, _)):
        return left == right
      case (
        .typeMismatch(let left, let leftExpected, let leftFound),
        .typeMismatch(let right, let rightExpected, let rightFound)
      ):
        return left == right && ObjectIdentifier(leftExpected) == ObjectIdentifier(rightExpected)
          && ObjectIdentifier(leftFound) == ObjectIdentifier(rightFound)
      case (
        .circularDependency(let left, let leftCycle),
        .circularDependency(let right, let rightCycle)
      ):
        return left == right && leftCycle == rightCycle
      default:
        return false
      }
    }
  }
}

extension ServiceLocator.Error: CustomStringConvertible {
  /// What happened and what to do about it, naming the service.
  ///
  /// Types are fully qualified and names quoted, as in ``ServiceName/description``.
  ///
  /// ```swift
  /// print(ServiceLocator.Error.inexistentService(ServiceName(ImageCache.self)))
  /// // No service is registered as MyApp.ImageCache. Nothing is registered in this locator. …
  /// ```
  public var description: String {
    switch self {
    case .duplicateService(let name):
      return """
        A service is already registered \(name.registrationPhrase). Registering never replaces \
        a service: unregister the old one first, or register the new one under another name.
        """
    case .inexistentService(let name, let registered):
      var message = "No service is registered \(name.registrationPhrase)."
      if registered.isEmpty {
        message += " Nothing is registered in this locator."
      } else {
        let shown = registered.prefix(12).map(\.description).joined(separator: ", ")
        let more = registered.count > 12 ? ", and \(registered.count - 12) more" : ""
        message += " Registered, nearest first: \(shown)\(more)."
      }
      if let type = name.type {
        let spelling = _TypeName.withoutUnknownContexts("\(type)")
        message += """
           A service is found as the type it was registered as only: register(service:) \
          registers its argument's static type, and `as:` chooses another, such as \
          `as: (any \(spelling)).self` for a protocol.
          """
      } else {
        message += " Register it under this name before getting it."
      }
      return message
    case .typeMismatch(let name, let expected, let found):
      return """
        The service registered \(name.registrationPhrase) is registered as \
        \(_TypeName.qualified(found)), which is not a \(_TypeName.qualified(expected)).
        """
    case .circularDependency(let name, let cycle):
      let chain = cycle.map(\.description).joined(separator: " → ")
      return """
        Circular dependency: creating \(name) needs \(name) itself (\(chain)). A factory asked, \
        directly or through other factories, for the service it is creating. Break the cycle: \
        let one of these services get the other when it is used, not when it is created.
        """
    }
  }
}
