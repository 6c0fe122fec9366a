// Every spelling renamed since the previous release still compiles, with a warning that says
// what to write.
// expect-warning: write inTests: .required, .optional(default: { … }) or .required(default: { … }) instead of overrideInTests: and testDefault:
// expect-warning: write empty(inTests: .optional(default: { … })) instead of empty(testDefault:)
// expect-warning: declare the box as BootstrapOnce(name:default:), the type that has bootstrap(_:)
// expect-warning: 'reset()' is deprecated: write resetSpy()
// expect-warning: 'resetCalls()' is deprecated: write resetSpyCalls()
// expect-warning: 'resetStubs()' is deprecated: write resetSpyStubs()
// expect-warning: 'name' is deprecated: write spyName
// expect-warning: write the timeout as a Duration: timeout: .seconds(5), .milliseconds(300)
import SharedInstancesTesting

enum Call: SpyCall {
  case refresh
}

let required = Resettable<Int>(overrideInTests: .required, testDefault: { 0 }) { 1 }
let empty = Resettable<Int>.empty(testDefault: { 0 })
let system = Resettable<Int>.bootstrapOnce(name: "System") { 0 }

func use(_ spy: Spy<Call>) async {
  system.bootstrap(1)
  spy.reset()
  spy.resetCalls()
  spy.resetStubs()
  _ = spy.name
  await spy.waitUntilCalled(.refresh, timeout: 0.5)
}
