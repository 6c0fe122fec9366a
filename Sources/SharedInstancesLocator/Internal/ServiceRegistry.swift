import SharedInstances

/// One immutable published state of a locator: every registration, indexed for lookup.
///
/// Registrations without a name live in an open-addressed table keyed by the bit pattern of
/// their type's `ObjectIdentifier` (a multiply-shift hash and linear probing: no `Hasher`, no
/// string); named ones in a dictionary keyed by the name. A change builds a new registry and
/// publishes it, so lookups never take a lock.
@usableFromInline
final class _ServiceRegistry {
  @usableFromInline
  struct Slot {
    /// `UInt(bitPattern: ObjectIdentifier(type))`, or 0 for an empty slot.
    @usableFromInline var key: UInt
    /// The entry, kept alive by `entries`.
    @usableFromInline var entry: Unmanaged<_ServiceEntry>?
  }

  /// Every registration, in registration order; owns the entries the indexes point to.
  let entries: [_ServiceEntry]
  @usableFromInline let slots: UnsafeMutableBufferPointer<Slot>
  @usableFromInline let shift: UInt
  @usableFromInline let named: [String: Unmanaged<_ServiceEntry>]

  init(entries: [_ServiceEntry]) {
    self.entries = entries
    var typedCount = 0
    var named: [String: Unmanaged<_ServiceEntry>] = [:]
    for entry in entries {
      if var name = entry.name.name {
        // A native key: a lookup's hashing and comparing, which run while a hazard word is set,
        // then never call into a bridged `NSString` (user code; invariant 2).
        name.makeContiguousUTF8()
        named[name] = Unmanaged.passUnretained(entry)
      } else {
        typedCount += 1
      }
    }
    self.named = named
    // At most half full, so that a probe ends soon at an empty slot.
    var bits: UInt = 2
    while (1 << bits) < typedCount * 2 { bits += 1 }
    shift = UInt(UInt.bitWidth) - bits
    slots = .allocate(capacity: 1 << bits)
    slots.initialize(repeating: Slot(key: 0, entry: nil))
    for entry in entries where entry.name.name == nil {
      let key = UInt(bitPattern: entry.typeID)
      var index = Self.index(of: key, shift: shift)
      while slots[index].key != 0 { index = (index &+ 1) & (slots.count &- 1) }
      slots[index] = Slot(key: key, entry: Unmanaged.passUnretained(entry))
    }
  }

  deinit { slots.deallocate() }

  @inlinable @inline(__always)
  static func index(of key: UInt, shift: UInt) -> Int {
    // Fibonacci hashing: the high bits of the product are well mixed even for aligned pointers.
    let multiplier = UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
    return Int(truncatingIfNeeded: (key &* multiplier) >> shift)
  }

  /// The entry registered without a name as the type whose identifier is `key`.
  @inlinable @inline(__always)
  func typedEntry(_ key: UInt) -> Unmanaged<_ServiceEntry>? {
    let mask = slots.count &- 1
    var index = Self.index(of: key, shift: shift)
    while true {
      let slot = slots[index]
      if slot.key == key { return slot.entry }
      if slot.key == 0 { return nil }
      index = (index &+ 1) & mask
    }
  }

  /// The entry registered under `name`.
  func entry(for name: ServiceName) -> _ServiceEntry? {
    let found: Unmanaged<_ServiceEntry>?
    if let string = name.name {
      found = named[string]
    } else {
      found = typedEntry(UInt(bitPattern: name.typeID))
    }
    return found?.takeUnretainedValue()
  }

  /// A created service registered without a name as `Service`, or nil.
  @inlinable @inline(__always)
  func value<Service>(ofType _: Service.Type) -> Service? {
    guard let entry = typedEntry(UInt(bitPattern: ObjectIdentifier(Service.self))) else {
      return nil
    }
    // An entry keyed by a type is a `_TypedServiceEntry` of exactly that type, whose box holds
    // exactly a `_ServiceBox<Service>`.
    return entry._withUnsafeGuaranteedRef { entry in
      guard let raw = entry.box.loadAcquire() else { return nil }
      return Unmanaged<_ServiceBox<Service>>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.value }
    }
  }

  /// A created service registered under `name` as exactly `Service`, or nil.
  @inlinable
  func value<Service>(named name: String, ofType _: Service.Type) -> Service? {
    guard let entry = named[name] else { return nil }
    return entry._withUnsafeGuaranteedRef { entry in
      guard entry.typeID == ObjectIdentifier(Service.self),
        let raw = entry.box.loadAcquire()
      else { return nil }
      return Unmanaged<_ServiceBox<Service>>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.value }
    }
  }
}
