// A test file that imports the testing module alone sees the locator, not the placeholders.
// expect-clean
import SharedInstancesTesting

func feed(locator: any ServiceLocating) throws -> Int {
  try ServiceLocator().register(service: 1)
  let value: Int = try locator.get()
  return value + (try locator.get(Int.self)) + (try locator.get(Int.self, name: nil))
}
