import SharedInstances

/// Holds one created service, so that a pointer to it can be published atomically.
@usableFromInline
final class _ServiceBox<Service> {
  @usableFromInline let value: Service

  init(_ value: Service) { self.value = value }
}

/// One run of a lazy service's factory, which threads that need its result wait for.
///
/// Its mutex is locked from creation, by the thread that will run the factory, before that
/// thread takes the store's lock, and unlocked by it when the run ends. Waiters lock and unlock
/// it, holding nothing else. So the only order in which locks are ever nested is "an attempt,
/// then the store's lock".
final class _CreationAttempt {
  private let mutex = _Mutex()

  /// Creates an attempt that the calling thread holds until it calls `finish()`.
  init() { mutex.lock() }

  /// Ends the attempt and wakes its waiters. Must be called once, by the creating thread.
  func finish() { mutex.unlock() }

  /// Returns once the attempt has finished.
  func wait() {
    mutex.lock()
    mutex.unlock()
  }
}

/// One registration: its key, the type it was registered as, and its service once created.
///
/// An entry registered with an instance is created already. A lazy entry publishes its service
/// once, when its factory returns; until then `creator` names the thread running the factory
/// and `attempt` lets other threads wait for it (never on the store's lock).
@usableFromInline
class _ServiceEntry: @unchecked Sendable {
  // @unchecked: `box` is only accessed atomically and set at most once; `creator` and `attempt`
  // are guarded by the store's lock; everything else is immutable.

  /// The key the entry is registered under.
  let name: ServiceName
  /// The type the service was registered as.
  @usableFromInline let typeID: ObjectIdentifier
  let type: Any.Type
  /// An `Unmanaged<_ServiceBox<Service>>` owned by the entry (+1) once created, else nil:
  /// published once, under the store's lock, and read without a lock.
  @usableFromInline let box: _AtomicPointer
  /// The thread running the factory, or 0. Guarded by the store's lock.
  var creator: UInt = 0
  /// The run of the factory in progress, while `creator` is not 0. Guarded by the store's lock.
  var attempt: _CreationAttempt?

  init(name: ServiceName, type: Any.Type, box: UnsafeMutableRawPointer?) {
    self.name = name
    self.typeID = ObjectIdentifier(type)
    self.type = type
    let word = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
    word.initialize(to: box)
    self.box = _AtomicPointer(word)
  }

  deinit { box.address.deallocate() }

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
