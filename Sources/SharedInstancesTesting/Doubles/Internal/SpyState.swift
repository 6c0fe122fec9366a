/// Everything a ``Spy`` knows, kept behind the spy's one lock.
struct SpyState<Call: SpyCall>: Sendable {
  /// Every call since the last reset of the recording, in order.
  var calls: [Call] = []
  /// How many calls each method received since the last reset of the recording.
  var counts: [Call.Method: Int] = [:]
  /// What the test configured, per method.
  var stubs: [Call.Method: MethodStubs<Call>] = [:]
  /// Waits in progress, by id.
  var waiters: [Int: SpyWaiter<Call.Method>] = [:]
  var nextWaiterID = 0
  /// Failures raised where no test could see them, kept to report once a test asks.
  var undelivered: [SpyFailure] = []

  /// Appends `call`, takes its stubbed answer and removes the waiters it satisfies.
  mutating func record(_ call: Call) -> (
    answer: StubAnswer<Call>, satisfied: [SpyWaiter<Call.Method>]
  ) {
    let method = call.method
    calls.append(call)
    let count = counts[method, default: 0] + 1
    counts[method] = count
    let answer = stubs[method]?.next() ?? .none
    var satisfied: [SpyWaiter<Call.Method>] = []
    for (id, waiter) in waiters where waiter.method == method && count >= waiter.times {
      waiters[id] = nil
      satisfied.append(waiter)
    }
    return (answer, satisfied)
  }

  /// Reserves an id for a wait, so that cancelling it can name it before it is registered.
  mutating func reserveWaiterID() -> Int {
    defer { nextWaiterID += 1 }
    return nextWaiterID
  }

  /// Registers a wait unless it is already satisfied; returns whether it was registered.
  mutating func addWaiter(_ waiter: SpyWaiter<Call.Method>, id: Int) -> Bool {
    if counts[waiter.method, default: 0] >= waiter.times { return false }
    waiters[id] = waiter
    return true
  }
}

/// The stubs configured for one method: each kind in its own slot, so precedence (error, then
/// closure, then value) does not depend on the order the test set them.
struct MethodStubs<Call: SpyCall>: Sendable {
  var error: (any Error)?
  var closure: StubClosure<Call>?
  /// A sequence of values; the last one repeats.
  var values: [any Sendable] = []
  var nextValue = 0

  /// The answer for the next call, advancing through the values.
  mutating func next() -> StubAnswer<Call> {
    if let error { return .error(error) }
    if let closure { return .closure(closure) }
    guard !values.isEmpty else { return .none }
    let value = values[min(nextValue, values.count - 1)]
    nextValue += 1
    return .value(value)
  }
}

/// A closure stub with the name of the type it returns, for messages.
struct StubClosure<Call: SpyCall>: Sendable {
  let resultType: String
  let body: @Sendable (Call) throws -> Any
}

/// What the test stubbed for one call.
enum StubAnswer<Call: SpyCall>: Sendable {
  case error(any Error)
  case closure(StubClosure<Call>)
  case value(any Sendable)
  case none
}

/// A wait for a method to reach a number of calls; `resume` runs once, outside the lock.
struct SpyWaiter<Method: Hashable & Sendable>: Sendable {
  let method: Method
  let times: Int
  /// Called with true when the calls arrived, false when the wait ended without them.
  let resume: @Sendable (Bool) -> Void
}

/// A failure to report, with the location it points at.
struct SpyFailure: Sendable {
  let message: String
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}
