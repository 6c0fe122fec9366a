/// The word of a reader-writer gate whose shared holds are taken and given back without a lock:
/// one compare-and-swap each, while no exclusive hold is wanted. For test support (the gate that
/// lets a process-wide test run alone among isolated tests); what waits, and in which order, is
/// its owner's, under a lock of its own.
///
/// The word's bits:
///
/// - bit 0, *exclusive*: the exclusive hold is taken (shared requests fail);
/// - bit 1, *attention*: someone waits under the owner's lock, so a shared hold is given back
///   there (`releaseSharedUnlessAttention()` fails) and the waiters are looked at;
/// - bits 2 and up: how many shared holds there are.
///
/// The exclusive bit is only set by a compare-and-swap that also checks the shared count, so no
/// shared hold can slip in between the check and the grant.
package struct _ReaderWriterWord: Sendable {
  private let word = _AtomicInt()

  private static var exclusiveBit: Int { 1 }
  private static var attentionBit: Int { 2 }
  private static var sharedHold: Int { 4 }

  package init() {}

  /// Takes a shared hold if the exclusive one is not taken (even while someone waits for it:
  /// shared requests are preferred); returns whether it did.
  package func tryAcquireShared() -> Bool {
    let seen = word.update { $0 & Self.exclusiveBit == 0 ? $0 + Self.sharedHold : nil }
    return seen & Self.exclusiveBit == 0
  }

  /// Takes a shared hold whatever holds the gate: for code that must not wait.
  package func joinShared() {
    word.add(Self.sharedHold)
  }

  /// Takes the exclusive hold if it is free and the only shared holds are the `parked` ones
  /// (shared holds whose owners asked for exclusive access themselves); returns whether it did.
  package func tryAcquireExclusive(parked: Int) -> Bool {
    let seen = word.update { value in
      guard value & Self.exclusiveBit == 0, value / Self.sharedHold == parked else { return nil }
      return value | Self.exclusiveBit
    }
    return seen & Self.exclusiveBit == 0 && seen / Self.sharedHold == parked
  }

  /// Sets the attention bit, or clears it.
  package func setAttention(_ needed: Bool) {
    word.update { value in
      let next = needed ? value | Self.attentionBit : value & ~Self.attentionBit
      return next == value ? nil : next
    }
  }

  /// Gives a shared hold back if nobody waits (no attention bit); returns whether it did. When
  /// it did not, the caller gives it back with `releaseShared()` under its lock.
  package func releaseSharedUnlessAttention() -> Bool {
    let seen = word.update { $0 & Self.attentionBit == 0 ? $0 - Self.sharedHold : nil }
    return seen & Self.attentionBit == 0
  }

  /// Gives a shared hold back.
  package func releaseShared() {
    word.add(-Self.sharedHold)
  }

  /// Gives the exclusive hold back.
  package func releaseExclusive() {
    word.update { $0 & ~Self.exclusiveBit }
  }
}
