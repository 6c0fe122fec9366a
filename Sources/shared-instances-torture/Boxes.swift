import SharedInstances
import SharedInstancesLocator

/// The boxes and the locator the torture works on: plain and existential boxes, members of a
/// lifetime, an empty box, factories that read other boxes, a slow factory, a factory that
/// changes its own box, and instances whose `deinit` reads, overrides and resets boxes.
enum Boxes {
  static let lifetime = SharedLifetime("torture")

  static let plain: [Resettable<Tracked>] = (0..<4).map { _ in Resettable { Tracked() } }
  static let existential = Resettable<any Service> { Tracked() }
  static let member = Resettable(in: lifetime) { Tracked() }
  static let emptyMember = Resettable<Tracked>.empty(in: lifetime)
  static let empty = Resettable<Tracked>.empty()

  /// A factory that reads two other boxes (and so holds only its own creation lock meanwhile).
  static let readsOthers = Resettable { () -> Tracked in
    plain[0].value.use()
    existential.withValue { $0.use() }
    return Tracked()
  }

  /// A slow factory: resets on other threads land while it runs, and drop its result.
  static let slow = Resettable { () -> Tracked in
    var spin = 0
    for _ in 0..<2_000 { spin &+= 1 }
    blackHole(spin)
    return Tracked()
  }

  /// A factory that, now and then, overrides or resets its own box before returning.
  static let changesItself: Resettable<Tracked> = Resettable { () -> Tracked in
    let turn = selfChanges.add(1)
    if turn % 16 == 0 { changesItself.reset() }
    if turn % 16 == 8 { changesItself.override(with: Tracked()) }
    return Tracked()
  }
  static let selfChanges = AtomicWord()

  /// Instances whose `deinit` reads their own box, overrides and resets others, and borrows.
  static let reentrant: Resettable<Tracked> = Resettable { Tracked(onDeinit: reentrantDeinit) }

  @Sendable static func reentrantDeinit() {
    reentrant.value.use()
    plain[1].override(with: Tracked())
    plain[2].reset()
    existential.withValue { $0.use() }
    reentrant.withValue { $0.use() }
  }

  /// Every box whose instance the checks count.
  static var all: [any Counted] {
    plain + [member, emptyMember, empty, readsOthers, slow, changesItself, reentrant]
      + [existential]
  }

  static let locator = ServiceLocator()
  static let locatorNames = ["a", "b", "c", "d"]
}

/// A service the locator creates on demand (`getOrRegister`).
final class LazyService: Serviceable {
  let tracked = Tracked()
  init() {}
}

/// A box the final check can ask whether it holds an instance.
protocol Counted {
  var holdsInstance: Bool { get }
  func clear()
}

extension Resettable: Counted {
  var holdsInstance: Bool { currentValue != nil }
  func clear() { reset() }
}

@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
