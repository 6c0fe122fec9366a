// Both modules imported: the locator's declarations shadow the core's placeholders.
// expect-clean
import SharedInstances
import SharedInstancesLocator

final class Clock: Serviceable { init() {} }

func feed() throws -> Int {
  let locator = ServiceLocator()
  let name = ServiceName("answer")
  _ = name
  try locator.register(service: 42, name: "answer")
  _ = locator.getOrRegister(Clock.self)
  let any: any ServiceLocating = locator
  return try any.get(name: "answer")
}
