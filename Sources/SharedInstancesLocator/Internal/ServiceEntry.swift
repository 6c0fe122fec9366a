import SharedInstances

/// Holds one created service, so that a pointer to it can be published atomically.
@usableFromInline
final class _ServiceBox<Service> {
  @usableFromInline let value: Service

  init(_ value: Service) { self.value = value }
}

/// One registration: its key, the type it was registered as, and its service once created.
///
/// An entry registered with an instance is created already. A lazy entry publishes its service
/// once, when its factory returns; the factory runs holding the entry's `creation` gate, which
/// names the thread running it and which other threads that need the service wait at (never at
/// the store's lock).
@usableFromInline
class _ServiceEntry: @unchecked Sendable {
  // @unchecked: `box` is only accessed atomically and set at most once; `creation` is
  // thread-safe; everything else is immutable.

  /// The key the entry is registered under.
  let name: ServiceName
  /// The type the service was registered as.
  @usableFromInline let typeID: ObjectIdentifier
  let type: Any.Type
  /// An `Unmanaged<_ServiceBox<Service>>` owned by the entry (+1) once created, else nil:
  /// published once, under the store's lock, and read without a lock.
  @usableFromInline let box: _AtomicPointer
  /// Where the factory runs exactly once, for a lazy entry; nil for an entry made with its
  /// service.
  let creation: _CreationGate?

  init(name: ServiceName, type: Any.Type, box: UnsafeMutableRawPointer?) {
    self.name = name
    self.typeID = ObjectIdentifier(type)
    self.type = type
    let word = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
    word.initialize(to: box)
    self.box = _AtomicPointer(word)
    if box == nil {
      let holder = UnsafeMutablePointer<Int>.allocate(capacity: 1)
      holder.initialize(to: 0)
      creation = _CreationGate(holderWord: holder)
    } else {
      creation = nil
    }
  }

  deinit {
    box.address.deallocate()
    creation?.holderWord.deallocate()
  }

  /// The thread running the factory, or 0.
  var creator: UInt { creation?.holder ?? 0 }

  /// The service as `Any`, created if needed; nil when the entry was unregistered meanwhile.
  func resolveAny(in store: _ServiceStore, locator: ServiceLocator) throws -> Any? {
    fatalError("_ServiceEntry.resolveAny is abstract")
  }

  /// The service as `Any` if it is created, without creating it. Lock-free.
  func loadAny() -> Any? {
    fatalError("_ServiceEntry.loadAny is abstract")
  }
}

/// A registration of a service of type `Service`.
@usableFromInline
final class _TypedServiceEntry<Service: Sendable>: _ServiceEntry, @unchecked Sendable {
  // @unchecked: adds only an immutable `@Sendable` factory to its superclass.
  let factory: (@Sendable (any ServiceLocating) throws -> Service)?

  init(name: ServiceName, instance: Service) {
    factory = nil
    super.init(
      name: name,
      type: Service.self,
      box: Unmanaged.passRetained(_ServiceBox(instance)).toOpaque()
    )
  }

  init(name: ServiceName, factory: @escaping @Sendable (any ServiceLocating) throws -> Service) {
    self.factory = factory
    super.init(name: name, type: Service.self, box: nil)
  }

  deinit {
    // May run the service's deinit: the store never releases an entry while holding its lock.
    if let raw = box.address.pointee { Unmanaged<_ServiceBox<Service>>.fromOpaque(raw).release() }
  }

  /// The service if it is created. Lock-free.
  @inlinable @inline(__always)
  func load() -> Service? {
    guard let raw = box.loadAcquire() else { return nil }
    return Unmanaged<_ServiceBox<Service>>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.value }
  }

  /// Publishes the created service. Must be called with the store's lock held, once.
  func publish(_ created: _ServiceBox<Service>) {
    let previous = box.exchange(Unmanaged.passRetained(created).toOpaque())
    precondition(previous == nil, "SharedInstances: a service was created twice")
  }

  override func resolveAny(in store: _ServiceStore, locator: ServiceLocator) throws -> Any? {
    try store.resolve(self, locator: locator)
  }

  override func loadAny() -> Any? { load() }
}
