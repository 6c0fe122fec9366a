import SharedInstances

/// The key a service is registered under in a ``ServiceLocator``: a name, or else a type.
///
/// A service registered with a name is found by that name alone, whatever type it is asked for
/// as (a mismatch is reported as ``ServiceLocator/Error/typeMismatch(_:expected:found:)``). A
/// service registered without a name is found by the identity of the type it was registered
/// as, never by how that type prints, so two types that share a name in different modules or
/// scopes never collide.
///
/// ``ServiceLocating/register(service:as:name:)`` returns the name it registered under, and every
/// ``ServiceLocator/Error`` carries one. Its ``description`` reads well in messages: the
/// fully qualified type (`MyApp.ImageDownloading`) or the quoted name (`"thumbnails"`).
///
/// ```swift
/// let locator = ServiceLocator()
/// let name = try locator.register(service: URLSessionDownloader() as any ImageDownloading)
/// #expect(name == ServiceName((any ImageDownloading).self))
///
/// #expect(throws: ServiceLocator.Error.inexistentService("thumbnails")) {
///   let _: ImageCache = try locator.get(name: "thumbnails")
/// }
/// ```
public struct ServiceName: Hashable, Sendable {
  @usableFromInline
  enum Key: Sendable {
    case type(Any.Type)
    case name(String)
  }

  @usableFromInline let key: Key

  /// Creates the name of a service registered without a name, as `type`.
  ///
  /// The name is the type's identity, so it equals only names made from the same type.
  ///
  /// ```swift
  /// ServiceName((any ImageDownloading).self)
  /// ```
  ///
  /// - Parameter type: The type the service is registered as. For a service registered as a
  ///   protocol, the existential type: `(any ImageDownloading).self`.
  public init<Service>(_ type: Service.Type) {
    key = .type(type)
  }

  /// Creates the name of a service registered under `name`.
  ///
  /// A string literal does the same where a ``ServiceName`` is expected.
  ///
  /// ```swift
  /// let name = ServiceName("thumbnails")
  /// ```
  ///
  /// - Parameter name: The name given at registration.
  public init(_ name: String) {
    key = .name(name)
  }

  /// The key of a service asked for as `type` under `name`: the name if there is one.
  @usableFromInline
  init(type: Any.Type, name: String?) {
    if let name {
      key = .name(name)
    } else {
      key = .type(type)
    }
  }

  /// The name the service is registered under, or nil for a service registered by type.
  ///
  /// Exactly one of ``name`` and ``type`` is non-nil.
  ///
  /// ```swift
  /// ServiceName("thumbnails").name   // "thumbnails"
  /// ServiceName(ImageCache.self).name   // nil
  /// ```
  public var name: String? {
    if case .name(let name) = key { return name }
    return nil
  }

  /// The type the service is registered as, or nil for a service registered under a name.
  ///
  /// Exactly one of ``name`` and ``type`` is non-nil.
  ///
  /// ```swift
  /// ServiceName(ImageCache.self).type == ImageCache.self   // true
  /// ```
  public var type: Any.Type? {
    if case .type(let type) = key { return type }
    return nil
  }

  /// The identity of `type`, for a name made from a type.
  var typeID: ObjectIdentifier {
    guard case .type(let type) = key else { preconditionFailure("not a type key") }
    return ObjectIdentifier(type)
  }

  /// Whether two names are the same key: the same string, or the same type.
  ///
  /// Types are compared by identity, never by how they print; a string never equals a type.
  ///
  /// ```swift
  /// #expect(ServiceName("a") == "a")
  /// #expect(ServiceName(ImageCache.self) != ServiceName(ImageStore.self))
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A name.
  ///   - rhs: Another name.
  /// - Returns: True when both are the same string, or both the same type.
  public static func == (lhs: ServiceName, rhs: ServiceName) -> Bool {
    switch (lhs.key, rhs.key) {
    case (.type(let left), .type(let right)): ObjectIdentifier(left) == ObjectIdentifier(right)
    case (.name(let left), .name(let right)): left == right
    default: false
    }
  }

  /// Hashes the key: the string, or the type's identity.
  ///
  /// Consistent with ``==(_:_:)``, so names can key a dictionary or fill a set.
  ///
  /// ```swift
  /// let seen: Set<ServiceName> = [ServiceName(ImageCache.self), "thumbnails"]
  /// ```
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    switch key {
    case .type(let type):
      hasher.combine(0)
      hasher.combine(ObjectIdentifier(type))
    case .name(let name):
      hasher.combine(1)
      hasher.combine(name)
    }
  }
}

extension ServiceName: ExpressibleByStringLiteral {
  /// Creates the name of a service registered under a literal name.
  ///
  /// It lets a test write an expected error briefly.
  ///
  /// ```swift
  /// #expect(throws: ServiceLocator.Error.duplicateService("thumbnails")) {
  ///   try locator.register(service: ImageCache(), name: "thumbnails")
  /// }
  /// ```
  ///
  /// - Parameter value: The name given at registration.
  public init(stringLiteral value: String) {
    key = .name(value)
  }
}

extension ServiceName: CustomStringConvertible {
  /// The fully qualified type, `MyApp.ImageCache`, or the quoted name, `"thumbnails"`.
  ///
  /// The type is qualified by its module and enclosing types, so that two types of the same
  /// name read differently in messages. A type declared inside a function reads as if it were
  /// declared around it, without the runtime's `(unknown context at $…)` placeholders.
  ///
  /// ```swift
  /// print(ServiceName("thumbnails"))   // "thumbnails"
  /// ```
  public var description: String {
    switch key {
    case .type(let type): _TypeName.qualified(type)
    case .name(let name): "\"\(name)\""
    }
  }

  /// How a message says where the service is registered: `as MyApp.ImageCache` or
  /// `under the name "thumbnails"`.
  var registrationPhrase: String {
    switch key {
    case .type: "as \(description)"
    case .name: "under the name \(description)"
    }
  }
}
