import SharedInstances

/// The state of one ``ServiceLocator``: its published registry and its factories in progress.
///
/// Reads are lock-free: the current `_ServiceRegistry` is published in a `_Slot`, the primitive
/// a box's instance lives in, and a service is copied out of it under a transient hazard word, by
/// the rules of `_MemorySafety` (process-wide fences). Changes take `lock`, build a new registry,
/// publish it and, after unlocking (that may release services and run their deinits), retire
/// the old one, which the last read still holding it releases: no change waits for a reader.
///
/// A lazy service is created exactly once, at its entry's `_CreationGate`, the primitive a box's
/// creation uses: the first thread to enter runs the factory, holding the gate and nothing else,
/// so a factory may use the locator; the threads that ask meanwhile wait at the gate, never at
/// `lock`, and take the published service when they enter in turn. Where a box stops the
/// program when its factory reads its own box on the same thread, a locator throws a
/// circular-dependency error for a cycle through any number of threads, each waiting for the
/// next one's factory (`_ThrowOnCycle`, the gate's policy here). Before waiting at a gate, a
/// thread records which entry it waits for in `waiting`, and follows the chain "the holder of
/// this entry's gate waits for that entry, whose holder waits for…": if the chain comes back to
/// itself, waiting would never end, and it throws instead. Holders name themselves before their
/// factory runs, and every thread records its wait, under `waiting`'s lock, before waiting, so
/// the last thread to close a cycle always sees every link of it. `waiting` is one record for
/// the whole process, not one per locator: a factory may wait for another locator's service,
/// and a cycle may pass through several locators.
@usableFromInline
final class _ServiceStore: @unchecked Sendable {
  // @unchecked: `registry` is a `_Slot`, changed only under `lock`; registries are immutable
  // once published.

  /// The published `_ServiceRegistry`, or none while nothing is registered: the slot a box's
  /// instance lives in, so reads and changes keep the invariants of `_MemorySafety` (process-wide
  /// fences), and a registry a change replaced goes when its last read ends.
  @usableFromInline let registry = _Slot()
  private let lock = _Mutex()
  /// For each thread waiting at a lazy entry's gate, in any locator of the process: that entry.
  private static let waiting = Protected([UInt: _ServiceEntry]())

  init() {}

  // MARK: Lock-free reads

  /// A created service registered without a name as `Service`, or nil.
  @inlinable @inline(__always)
  func value<Service>(ofType _: Service.Type) -> Service? {
    // The lookup copies the service out and runs no user code (invariant 2).
    registry.read(_ServiceRegistry.self, symmetric: false) { $0.value(ofType: Service.self) }
  }

  /// A created service registered under `name` as exactly `Service`, or nil.
  @inlinable
  func value<Service>(named name: String, ofType _: Service.Type) -> Service? {
    // Native before the read: hashing and comparing a bridged `NSString` could run user code
    // while the hazard word is set (invariant 2). A no-op check for a native string.
    var name = name
    name.makeContiguousUTF8()
    return registry.read(_ServiceRegistry.self, symmetric: false) {
      $0.value(named: name, ofType: Service.self)
    }
  }

  // MARK: Locked lookups

  /// Must be called with `lock` held: no change can replace what it returns meanwhile.
  private var registryLocked: _ServiceRegistry? {
    registry.loadLocked(_ServiceRegistry.self)
  }

  /// The entry registered under `name`, if any.
  func entry(for name: ServiceName) -> _ServiceEntry? {
    lock.withLock { registryLocked?.entry(for: name) }
  }

  /// Every registered key, nearest to `requested` first, for an `inexistentService` error.
  /// `isInstance` tells whether a created service is an instance of the type asked for.
  func registeredNames(
    nearest requested: ServiceName,
    isInstance: (Any) -> Bool = { _ in false }
  ) -> [ServiceName] {
    // Created services are copied out under the lock and examined (and released) after it.
    let entries: [(name: ServiceName, service: Any?)] = lock.withLock {
      (registryLocked?.entries ?? []).map { ($0.name, $0.loadAny()) }
    }
    let candidates = entries.map { entry in
      _NearestNames.Candidate(
        name: entry.name,
        isInstanceOfRequestedType: entry.service.map(isInstance) ?? false
      )
    }
    return _NearestNames.ordered(candidates, nearest: requested)
  }

  /// Must be called with `lock` held.
  private func isRegisteredLocked(_ entry: _ServiceEntry) -> Bool {
    registryLocked?.entry(for: entry.name) === entry
  }

  // MARK: Changes

  /// Publishes a registry holding `entries` (or none) and returns the one it replaced. Must be
  /// called with `lock` held; the caller must `retire` the result after unlocking.
  private func publishLocked(_ entries: [_ServiceEntry]) -> _Replaced {
    registry.replace(with: entries.isEmpty ? nil : _ServiceRegistry(entries: entries))
  }

  /// Releases a registry that is no longer published, once no read holds it. Never waits: the
  /// last read that holds it releases it (invariant 6). May release services and run their
  /// deinits: user code, so no lock is held here.
  private func retire(_ replaced: _Replaced) {
    registry.retire(replaced)
  }

  /// Registers `entry`, or throws `duplicateService` when its key is taken.
  func insert(_ entry: _ServiceEntry) throws(ServiceLocator.Error) {
    lock.lock()
    let registry = registryLocked
    if registry?.entry(for: entry.name) != nil {
      lock.unlock()
      throw .duplicateService(entry.name)
    }
    let previous = publishLocked((registry?.entries ?? []) + [entry])
    lock.unlock()
    retire(previous)
  }

  /// The entry registered under `name`, or `make()` registered under it.
  func entry(for name: ServiceName, orInsert make: () -> _ServiceEntry) -> _ServiceEntry {
    lock.lock()
    let registry = registryLocked
    if let existing = registry?.entry(for: name) {
      lock.unlock()
      return existing
    }
    let entry = make()
    let previous = publishLocked((registry?.entries ?? []) + [entry])
    lock.unlock()
    retire(previous)
    return entry
  }

  /// Unregisters the entry registered under `name` as exactly `type`.
  ///
  /// - Throws: `inexistentService` when nothing is registered under `name`; `typeMismatch` when
  ///   a named service was registered as another type.
  func remove(_ name: ServiceName, type: Any.Type) throws(ServiceLocator.Error) {
    lock.lock()
    guard let registry = registryLocked, let entry = registry.entry(for: name) else {
      lock.unlock()
      throw .inexistentService(name, registered: registeredNames(nearest: name))
    }
    guard entry.typeID == ObjectIdentifier(type) else {
      lock.unlock()
      throw .typeMismatch(name, expected: type, found: entry.type)
    }
    let previous = publishLocked(registry.entries.filter { $0 !== entry })
    lock.unlock()
    retire(previous)
  }

  /// Unregisters everything.
  func removeAll() {
    lock.lock()
    let previous = publishLocked([])
    lock.unlock()
    retire(previous)
  }

  // MARK: Creation

  /// The service of `entry`, created by its factory if needed, exactly once.
  ///
  /// - Returns: The service, or nil when `entry` was unregistered before its service was
  ///   published: the caller looks the key up again.
  /// - Throws: What the factory throws, or `circularDependency` when creating the service would
  ///   wait for itself.
  func resolve<Service>(
    _ entry: _TypedServiceEntry<Service>,
    locator: ServiceLocator
  ) throws -> Service? {
    if let value = entry.load() { return value }
    // Not created, so made with a factory: an entry made with its service is created already.
    guard let gate = entry.creation, let factory = entry.factory else { return nil }
    try gate.enter(_ThrowOnCycle(entry: entry))
    // This thread holds the gate: it waits for nobody now.
    let me = _currentThread()
    Self.waiting.withLock { $0[me] = nil }
    // No other thread runs this factory now. One may have published the service, or
    // unregistered the entry, while this thread waited.
    lock.lock()
    if let value = entry.load() {
      lock.unlock()
      gate.leave()
      return value
    }
    guard isRegisteredLocked(entry) else {
      lock.unlock()
      gate.leave()
      return nil
    }
    lock.unlock()
    return try create(entry, factory: factory, gate: gate, locator: locator)
  }

  /// Runs the factory of `entry`, whose gate the calling thread holds, publishes its result if
  /// `entry` is still registered, and leaves the gate.
  private func create<Service>(
    _ entry: _TypedServiceEntry<Service>,
    factory: @Sendable (any ServiceLocating) throws -> Service,
    gate: _CreationGate,
    locator: ServiceLocator
  ) throws -> Service? {
    // User code: no lock is held but this entry's gate, which only its waiters need.
    let outcome = Result { try factory(locator) }
    let created = try? outcome.map(_ServiceBox.init).get()
    lock.lock()
    let published = created != nil && isRegisteredLocked(entry)
    if published, let created { entry.publish(created) }
    lock.unlock()
    gate.leave()
    switch outcome {
    case .success(let value):
      // When unregistered while the factory ran, the service is dropped (after leaving):
      // the caller looks again and finds the key empty, or registered anew.
      return published ? value : nil
    case .failure(let error):
      throw Self.extendingCycle(error, with: entry.name)
    }
  }

  /// Records that the calling thread is about to wait at the gate of `entry`, or throws
  /// `circularDependency` when that wait would never end.
  fileprivate static func willWait(for entry: _ServiceEntry) throws(ServiceLocator.Error) {
    let me = _currentThread()
    let found: [ServiceName]? = waiting.withLock { waiting in
      if let path = cycle(in: waiting, waitingFor: entry, thread: me) { return path }
      waiting[me] = entry
      return nil
    }
    if let found { throw .circularDependency(entry.name, cycle: found) }
  }

  /// The entries from `entry` to the first one the calling thread is creating, following the
  /// threads that wait for one another in `waiting`, or nil when waiting for `entry` cannot
  /// deadlock. Must be called with `waiting`'s lock held.
  ///
  /// A thread that just entered a gate may still be recorded as waiting for it, until it clears
  /// its record: a chain through it then goes round that entry until the bound and finds no
  /// cycle, which is true (that thread waits for nobody now; if it waits later, it records that
  /// wait and checks the chain itself).
  private static func cycle(
    in waiting: [UInt: _ServiceEntry],
    waitingFor entry: _ServiceEntry,
    thread me: UInt
  ) -> [ServiceName]? {
    var link = entry
    var path: [ServiceName] = []
    // Each thread waits for one entry at most, so a chain longer than `waiting` repeats a
    // thread: a cycle among other threads, which would have been reported when it formed.
    for _ in 0...waiting.count {
      path.append(link.name)
      let creator = link.creator
      if creator == me { return path }
      guard creator != 0, let next = waiting[creator] else { return nil }
      link = next
    }
    return nil
  }

  /// Prepends `name` to the cycle of a circular-dependency error that is still being unwound.
  ///
  /// The cycle is reported from where it was found, `[A]`; each factory it passes through on
  /// its way out adds the service it was creating, until the cycle is closed: `[A, B, A]`.
  /// The error names the first service of the cycle.
  static func extendingCycle(_ error: any Error, with name: ServiceName) -> any Error {
    guard case .circularDependency(_, var cycle) = error as? ServiceLocator.Error,
      cycle.count < 2 || cycle.first != cycle.last
    else { return error }
    cycle.insert(name, at: 0)
    return ServiceLocator.Error.circularDependency(name, cycle: cycle)
  }
}

/// The locator's policy at an entry's gate: a factory that asks for its own service, directly or
/// through other factories on any threads, gets a circular-dependency error instead of waiting.
private struct _ThrowOnCycle: _CreationGatePolicy {
  let entry: _ServiceEntry

  func reentered() throws(ServiceLocator.Error) -> Never {
    throw .circularDependency(entry.name, cycle: [entry.name])
  }

  func willWait() throws(ServiceLocator.Error) {
    try _ServiceStore.willWait(for: entry)
  }
}
