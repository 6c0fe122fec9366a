import SharedInstances
import SharedInstancesLocator
import TestSupport

/// An error a borrowed closure throws, to check that a throwing borrow ends cleanly.
struct Thrown: Error {}

/// One random operation on the boxes or the locator. The mix: about 40% plain reads, 20%
/// borrows (nested up to 10 deep, more than a thread has borrow words; some throwing), and the
/// rest changes of every kind, lifetime ends, and locator reads against register/unregister
/// churn.
func randomOperation(_ random: inout SplitMix) {
  let boxes = Boxes.plain
  let box: Resettable<Tracked> =
    switch random.below(10) {
    case 0: Boxes.readsOthers
    case 1: Boxes.slow
    case 2: Boxes.changesItself
    case 3: Boxes.reentrant
    case 4: Boxes.member
    default: boxes[random.below(boxes.count)]
    }
  switch random.below(100) {
  case 0..<36:
    box.value.use()
  case 36..<40:
    Boxes.existential.value.use()
  case 40..<52:
    box.withValue { $0.use() }
  case 52..<56:
    nestedBorrows(depth: 1 + random.below(10), &random)
  case 56..<59:
    do {
      try box.withValue { (instance: Tracked) throws(Thrown) -> Void in
        instance.use()
        throw Thrown()
      }
    } catch {
      // Every call throws: the borrow must end on the way out.
    }
  case 59..<62:
    box.currentValue?.use()
    Boxes.emptyMember.currentValue?.use()
    Boxes.empty.currentValue?.use()
  case 62..<68:
    box.override(with: Tracked())
  case 68..<71:
    box.reset()
  case 71..<73:
    box.set(Tracked())
    Boxes.emptyMember.set(Tracked())
  case 73..<75:
    Boxes.empty.setIfEmpty(Tracked())
    if random.below(2) == 0 { Boxes.empty.reset() }
  case 75..<78:
    box.update { old in
      old?.use()
      return Tracked()
    }
  case 78..<80:
    box.withOverride(Tracked()) { box.value.use() }
  case 80..<81:
    Boxes.lifetime.end()
  case 81..<83:
    Boxes.existential.override(with: Tracked())
  case 83..<92:
    locatorRead(&random)
  default:
    locatorChurn(&random)
  }
}

/// Borrows of random boxes nested `depth` deep, with a change in the middle now and then: the
/// outer instances must stay alive until their borrows end.
func nestedBorrows(depth: Int, _ random: inout SplitMix) {
  guard depth > 0 else { return }
  let box = Boxes.plain[random.below(Boxes.plain.count)]
  let changes = random.below(4) == 0
  box.withValue { outer in
    if changes { box.reset() }
    nestedBorrows(depth: depth - 1, &random)
    outer.use()
  }
}

func locatorRead(_ random: inout SplitMix) {
  let locator = Boxes.locator
  if random.below(3) == 0 {
    locator.getOrRegister(LazyService.self).tracked.use()
    return
  }
  let name = Boxes.locatorNames[random.below(Boxes.locatorNames.count)]
  (try? locator.get(Tracked.self, name: name))?.use()
}

func locatorChurn(_ random: inout SplitMix) {
  let locator = Boxes.locator
  let name = Boxes.locatorNames[random.below(Boxes.locatorNames.count)]
  switch random.below(5) {
  case 0: _ = try? locator.register(Tracked.self, name: name, instance: Tracked())
  case 1: _ = try? locator.register(Tracked.self, name: name) { _ in Tracked() }
  case 2: try? locator.unregister(LazyService.self, name: nil)
  default: try? locator.unregister(Tracked.self, name: name)
  }
}
