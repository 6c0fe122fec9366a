import SharedInstances

/// A word many threads update, through the core's atomics (the Synchronization module needs
/// macOS 15, and the torture runs on every platform the library supports).
final class AtomicWord: @unchecked Sendable {
  // @unchecked: `word` is only accessed through atomic operations.
  private let word: UnsafeMutablePointer<Int>

  init(_ value: Int = 0) {
    word = .allocate(capacity: 1)
    word.initialize(to: value)
  }

  deinit { word.deallocate() }

  var value: Int { _AtomicWord(word).loadAcquire() }

  @discardableResult
  func add(_ delta: Int) -> Int { _AtomicWord(word).fetchAdd(delta) + delta }

  func exchange(_ value: Int) -> Int {
    _AtomicWord(word).update { _ in value }
  }
}

/// Counts every instance the torture makes and releases, and every use of an instance that was
/// already released.
///
/// A use is checked by reading the instance's seal, which `deinit` overwrites: in a release build a
/// read of freed memory usually still finds the overwritten seal (the allocator does not clear
/// freed blocks at once), and under AddressSanitizer every such read stops the program.
final class Ledger: Sendable {
  let made = AtomicWord()
  let released = AtomicWord()
  let seenDead = AtomicWord()
  let releasedTwice = AtomicWord()
  let operations = AtomicWord()
  let lateUses = AtomicWord()

  static let shared = Ledger()

}

/// An instance whose life the ledger follows. Some run code from their `deinit`: they read,
/// override and reset boxes (their own and others), as app code may.
final class Tracked: @unchecked Sendable {
  // @unchecked: `seal` is written once, by `deinit`, when no reference to the instance is left;
  // a read that races with that write is exactly the use after release this torture looks for.
  static let liveSeal = 0x5EA1_ED0B_1EC7_0001
  static let deadSeal = 0x0DEA_DDEA_DDEA_DDEA

  private var seal = Tracked.liveSeal
  let onDeinit: (@Sendable () -> Void)?

  init(onDeinit: (@Sendable () -> Void)? = nil) {
    self.onDeinit = onDeinit
    Ledger.shared.made.add(1)
  }

  /// Reads the instance the way a method call does; counts the read if it finds it released.
  @inline(never)
  func use() {
    if seal != Tracked.liveSeal { Ledger.shared.seenDead.add(1) }
  }

  deinit {
    if seal != Tracked.liveSeal { Ledger.shared.releasedTwice.add(1) }
    seal = Tracked.deadSeal
    Ledger.shared.released.add(1)
    onDeinit?()
  }
}

/// A protocol-typed service, so that existential boxes (the most common kind) are tortured too.
protocol Service: Sendable {
  func use()
}

extension Tracked: Service {}
