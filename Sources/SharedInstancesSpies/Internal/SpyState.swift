/// Everything a ``Spy`` knows, kept behind the spy's one lock.
struct SpyState<Call: SpyCall>: Sendable {
  /// Every call since the last reset of the recording, in order.
  var calls: [Call] = []
  /// How many calls each method received since the last reset of the recording.
  var counts: [Call.Method: Int] = [:]
  /// What the test configured, per method.
  var stubs: [Call.Method: MethodStubs<Call>] = [:]
  /// Waits in progress, by id.
  var waiters: [Int: SpyWaiter<Call>] = [:]
  var nextWaiterID = 0
  /// Arguments kept for the test by name, such as completion handlers.
  var kept: [String: KeptArgument] = [:]
  /// Failures raised where no test could see them, kept to report once a test asks.
  var undelivered: [SpyFailure] = []

  /// Appends `call`, takes its stubbed answer and removes the waiters it satisfies.
  ///
  /// Predicates of conditional stubs and waits run here, under the spy's lock.
  mutating func record(_ call: Call) -> (
    answer: StubAnswer<Call>, satisfied: [SpyWaiter<Call>]
  ) {
    let method = call.method
    calls.append(call)
    counts[method, default: 0] += 1
    let answer = stubs[method]?.next(for: call) ?? .none
    var satisfied: [SpyWaiter<Call>] = []
    for (id, var waiter) in waiters where waiter.matches(call) {
      waiter.seen += 1
      if waiter.seen >= waiter.times {
        waiters[id] = nil
        satisfied.append(waiter)
      } else {
        waiters[id] = waiter
      }
    }
    return (answer, satisfied)
  }

  /// Forgets the recorded calls; waits in progress start counting again from zero.
  mutating func resetCalls() {
    calls = []
    counts = [:]
    for id in waiters.keys { waiters[id]?.seen = 0 }
  }

  /// Reserves an id for a wait, so that cancelling it can name it before it is registered.
  mutating func reserveWaiterID() -> Int {
    defer { nextWaiterID += 1 }
    return nextWaiterID
  }

  /// Registers a wait unless it is already satisfied; returns whether it was registered.
  /// Calls recorded before the wait count.
  mutating func addWaiter(_ waiter: SpyWaiter<Call>, id: Int) -> Bool {
    var waiter = waiter
    waiter.seen = calls.reduce(0) { $0 + (waiter.matches($1) ? 1 : 0) }
    if waiter.seen >= waiter.times { return false }
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
  /// Answers for calls whose arguments match a predicate, oldest first; the newest match wins
  /// over every other kind of stub.
  var conditional: [ConditionalStub<Call>] = []
  /// What the method writes back into its `inout` parameters, by parameter name: each an
  /// `@Sendable (inout Value) -> Void`.
  var writeBacks: [String: any Sendable] = [:]
  /// Where the test last stubbed this method, for failures.
  var location: SpyLocation?

  /// The answer for `call`, advancing through the values.
  mutating func next(for call: Call) -> StubAnswer<Call> {
    if let match = conditional.last(where: { $0.matches(call) }) { return match.answer }
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

/// An answer for the calls of one method whose arguments match a predicate.
struct ConditionalStub<Call: SpyCall>: Sendable {
  let matches: @Sendable (Call) -> Bool
  let answer: StubAnswer<Call>
}

/// A wait for a number of matching calls; `resume` runs once, outside the lock.
struct SpyWaiter<Call: SpyCall>: Sendable {
  let matches: @Sendable (Call) -> Bool
  let times: Int
  /// Matching calls since the last reset of the recording.
  var seen = 0
  /// Called with true when the calls arrived, false when the wait ended without them.
  let resume: @Sendable (Bool) -> Void
}

/// A failure to report, with the location it points at.
struct SpyFailure: Sendable {
  let message: String
  let location: SpyLocation
}

/// A place in source code that a spy's failure points at: the double's `record`, the test's
/// `stub` or wait, or where the test created the spy.
struct SpyLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// `FileStoreTests.swift:12`, for messages.
  var short: String {
    let path = "\(fileID)"
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return "\(file):\(line)"
  }
}
