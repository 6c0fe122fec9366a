// `SharedInstancesSpies`: depends on the core, the isolation layer and
// `_SharedInstancesTestReporting`; the trait's module and `SharedInstancesTesting` depend on it.

import SharedInstances
import Testing
import _SharedInstancesTestReporting

/// A thread-safe recorder of a test double's calls, and the answers the test stubbed for them.
///
/// A spy records every call its double receives, in order across all of the double's methods,
/// and answers each with what the test configured: a value, a sequence of values, an error or a
/// closure (see ``stub(_:returning:_:fileID:filePath:line:column:)``). Calls are values of
/// your own ``SpyCall`` enum, so the compiler checks every method name and recorded calls
/// compare with `==`.
///
/// Use it in either of two ways:
///
/// - **As a base class**, for a double of a protocol. The double inherits the whole API:
///
///   ```swift
///   final class ImageDownloaderSpy: Spy<ImageDownloaderSpy.Call>, ImageDownloading,
///     @unchecked Sendable  // all state lives in the spy's lock
///   {
///     enum Call: SpyCall {
///       case downloadImage(from: URL)
///       var method: Method { .downloadImage }
///       enum Method { case downloadImage }
///     }
///
///     func downloadImage(from url: URL, completion: @escaping @Sendable (Image) -> Void) {
///       let image: Image = record(.downloadImage(from: url), default: .placeholder)
///       DispatchQueue.global().async { completion(image) }
///     }
///   }
///   ```
///
/// - **As a component**, for a double that must subclass a real class and so cannot inherit
///   from `Spy`:
///
///   ```swift
///   final class ScaryStub: ScarySingleton, @unchecked Sendable {  // state lives in `spy`
///     enum Call: SpyCall { case doSomethingImportant }
///     let spy = Spy<Call>()
///
///     override func doSomethingImportant() { spy.record(.doSomethingImportant) }
///   }
///
///   @Test func viewDidLoadDoesSomethingImportant() {
///     let stub = ScaryStub()
///     ViewController(scarySingleton: stub).viewDidLoad()
///     #expect(stub.spy.calls == [.doSomethingImportant])
///   }
///   ```
///
/// ## Thread safety
///
/// One lock guards all of a spy's state, so the double may be called from any thread while the
/// test reads and stubs it. Stub closures and waits never run while that lock is held. Swift
/// cannot check a subclass's own stored properties, so a subclass restates
/// `@unchecked Sendable`; keep those properties `let`, or in the spy.
///
/// ## Failures
///
/// A call to a method that the test did not stub, and for which the double gave no default,
/// fails the running test (Swift Testing or XCTest) with a message that names the double, the
/// method and the calls recorded so far; so does a wait that times out. Failures point at the
/// test's own lines: an unstubbed call at the line that created the spy, a stub of the wrong
/// type at the `stub` call, a timeout at the wait. A failure raised on a thread that no test
/// owns, such as a `DispatchQueue` block in a Swift Testing test, is reported again the next
/// time the test reads, stubs or waits on the spy; if the spy is released first on such a
/// thread, the failure fails the whole run, naming the test that created the spy.
///
/// See <doc:SpiesAndStubs> for a walk-through.
open class Spy<Call: SpyCall>: CustomStringConvertible, @unchecked Sendable {
  // @unchecked: all mutable state is in `state`, guarded by its one lock.
  let state = Protected(SpyState<Call>())
  private let explicitName: String?
  /// Where the spy was created, usually in the test: unstubbed calls point there.
  let createdAt: SpyLocation
  /// The Swift Testing test that created the spy, for failures reported after it.
  let creatingTest: String?

  /// Creates a spy with no calls recorded and nothing stubbed.
  ///
  /// A double that inherits from `Spy` needs no initializer of its own; a double that holds a
  /// spy creates it as a stored property:
  ///
  /// ```swift
  /// let spy = Spy<Call>()
  /// let named = Spy<Call>(name: "PaymentsStub")
  /// ```
  ///
  /// Failures of calls the test did not stub point at the line that created the spy, which
  /// is usually in the test.
  ///
  /// - Parameters:
  ///   - name: The double's name in failure messages. By default, the name of the subclass,
  ///     or for a plain `Spy`, of the type that declares `Call`.
  ///   - fileID: Where the spy is created, for failures. Leave the default.
  ///   - filePath: Where the spy is created, for failures. Leave the default.
  ///   - line: Where the spy is created, for failures. Leave the default.
  ///   - column: Where the spy is created, for failures. Leave the default.
  public init(
    name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    explicitName = name
    createdAt = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    creatingTest = Test.current?.name
    XCTestRun.startObserving()
    if self is any ProtocolSpyPlaceholder { ProtocolSpies.noteModule(of: type(of: self)) }
  }

  deinit {
    deliverFailuresAtRelease()
  }

  /// The double's name, as failure messages show it.
  ///
  /// The name given to ``init(name:fileID:filePath:line:column:)``, else the subclass's name,
  /// else the name of the type that declares `Call`:
  ///
  /// ```swift
  /// final class ScaryStub: ScarySingleton {
  ///   enum Call: SpyCall { case doSomethingImportant }
  ///   let spy = Spy<Call>()
  /// }
  /// #expect(ScaryStub().spy.spyName == "ScaryStub")
  /// ```
  ///
  /// Named so that no requirement of a double's protocol takes it: a requirement `name`, of
  /// any type, is the double's own.
  public var spyName: String {
    if let explicitName { return explicitName }
    if type(of: self) != Spy<Call>.self { return String(describing: type(of: self)) }
    return SpyName.declaringType(of: Call.self)
  }

  /// A summary of the spy: its name and every call it recorded.
  ///
  /// XCTest assertions show it when given the spy in their message:
  ///
  /// ```swift
  /// XCTAssertTrue(spy.wasCalled(.refresh), "\(spy)")
  /// // FileStoreSpy recorded 2 calls: [open(id: 3), open(id: 4)]
  /// ```
  ///
  /// A double whose protocol requires a `description: String` overrides it to record the call;
  /// the spy never reads this property itself.
  open var description: String {
    // An argument that holds its spy (a value handing itself to its delegate) names the spy
    // instead of describing it again, and again.
    let spy = ObjectIdentifier(self)
    guard !SpyName.spiesBeingDescribed.contains(spy) else { return spyName }
    return SpyName.$spiesBeingDescribed.withValue(SpyName.spiesBeingDescribed.union([spy])) {
      "\(spyName) recorded \(SpyName.describe(state.withLock { $0.calls }))"
    }
  }

  // MARK: - What was recorded

  /// Every call the double received since the last reset, in order, across all its methods.
  ///
  /// ```swift
  /// #expect(spy.calls == [.refresh, .open(id: 3)])
  /// XCTAssertEqual(spy.calls, [.refresh, .open(id: 3)])
  /// ```
  public var calls: [Call] {
    inspect { $0.calls }
  }

  /// Returns the calls made to one method, in order, with their arguments.
  ///
  /// ```swift
  /// #expect(spy.calls(to: .open) == [.open(id: 3), .open(id: 4)])
  /// ```
  ///
  /// - Parameter method: The method.
  /// - Returns: The calls whose ``SpyCall/method`` is `method`, oldest first.
  public func calls(to method: Call.Method) -> [Call] {
    inspect { state in state.calls.filter { $0.method == method } }
  }

  /// Returns how many times one method was called.
  ///
  /// ```swift
  /// #expect(spy.callCount(to: .refresh) == 2)
  /// ```
  ///
  /// - Parameter method: The method.
  /// - Returns: The number of calls to `method` since the last reset of the recording.
  public func callCount(to method: Call.Method) -> Int {
    inspect { $0.counts[method, default: 0] }
  }

  /// Returns the calls whose arguments satisfy a predicate, in order.
  ///
  /// ```swift
  /// let large = spy.calls { call in
  ///   if case .open(let id) = call { id > 3 } else { false }
  /// }
  /// #expect(large == [.open(id: 4)])
  /// ```
  ///
  /// - Parameter predicate: Whether a call counts; take its arguments apart with `if case`.
  /// - Returns: The matching calls since the last reset of the recording, oldest first.
  public func calls(where predicate: (Call) -> Bool) -> [Call] {
    calls.filter(predicate)
  }

  /// Returns how many calls satisfy a predicate, for assertions on the arguments rather than
  /// on the method alone.
  ///
  /// `Call` equality is all or nothing; a predicate can look at one argument, or a range:
  ///
  /// ```swift
  /// #expect(spy.callCount { if case .open(let id) = $0 { id > 3 } else { false } } == 1)
  /// ```
  ///
  /// - Parameter predicate: Whether a call counts; take its arguments apart with `if case`.
  /// - Returns: The number of matching calls since the last reset of the recording.
  public func callCount(where predicate: (Call) -> Bool) -> Int {
    calls.reduce(0) { $0 + (predicate($1) ? 1 : 0) }
  }

  /// Returns whether one method was called at least once.
  ///
  /// ```swift
  /// #expect(stub.spy.wasCalled(.doSomethingImportant))
  /// ```
  ///
  /// - Parameter method: The method.
  /// - Returns: True when `method` was called since the last reset of the recording.
  public func wasCalled(_ method: Call.Method) -> Bool {
    callCount(to: method) > 0
  }

  /// Returns the most recent call to one method, with its arguments.
  ///
  /// ```swift
  /// #expect(spy.lastCall(to: .open) == .open(id: 4))
  ///
  /// // The arguments themselves, by pattern matching:
  /// guard case .open(let id) = spy.lastCall(to: .open) else { return }
  /// ```
  ///
  /// - Parameter method: The method.
  /// - Returns: The last call to `method`, or nil when it was not called.
  public func lastCall(to method: Call.Method) -> Call? {
    inspect { state in state.calls.last { $0.method == method } }
  }

  // MARK: - Kept arguments

  /// Keeps an argument that cannot be part of a ``SpyCall``, such as a completion handler, so
  /// that the test can reach it.
  ///
  /// Closures cannot be compared, so a double leaves them out of its `Call` and keeps the last
  /// one per parameter instead. The test then calls it, as the real dependency would:
  ///
  /// ```swift
  /// func load(from url: URL, completion: @escaping @Sendable (Data) -> Void) {
  ///   keep(completion, as: "load.completion")
  ///   record(.load(from: url))
  /// }
  ///
  /// // In the test:
  /// let completion: (@Sendable (Data) -> Void)? = spy.lastKept("load.completion")
  /// completion?(Data())
  /// ```
  ///
  /// A double whose protocol requires this very method overrides it to record the call (a
  /// generated spy does), and keeps its own closures with `super.keep(_:as:)`.
  ///
  /// - Parameters:
  ///   - value: The argument. It replaces the one kept before under the same name.
  ///   - name: A name for the argument, unique in the double.
  open func keep<Value>(_ value: Value, as name: String) {
    let kept = KeptArgument(value: value)
    inspect { $0.kept[name] = kept }
  }

  /// Returns the argument kept last under a name, if it has the type asked for.
  ///
  /// ```swift
  /// let completion: (@Sendable (Data) -> Void)? = spy.lastKept("load.completion")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name given to ``keep(_:as:)``.
  ///   - type: The argument's type; usually inferred.
  /// - Returns: The argument, or nil when none was kept under `name` or it has another type.
  open func lastKept<Value>(_ name: String, as type: Value.Type = Value.self) -> Value? {
    inspect { $0.kept[name] }?.value as? Value
  }

  // MARK: - Resetting

  /// Forgets every recorded call, keeping the stubs.
  ///
  /// ```swift
  /// model.load()          // calls spy.refresh() during set-up
  /// spy.resetSpyCalls()
  /// model.reload()
  /// #expect(spy.calls == [.refresh])
  /// ```
  ///
  public func resetSpyCalls() {
    inspect { $0.resetCalls() }
  }

  /// Removes every stub, keeping the recorded calls.
  ///
  /// ```swift
  /// spy.stub(.open, throwing: CocoaError(.fileNoSuchFile))
  /// spy.resetSpyStubs()
  /// spy.stub(.open, returning: "contents")
  /// ```
  ///
  public func resetSpyStubs() {
    inspect { $0.stubs = [:] }
  }

  /// Removes the stubs of one method, keeping the other methods' stubs and the recorded calls.
  ///
  /// Stubs of different kinds live side by side (an error wins over a closure, which wins over
  /// a value), so this is how a test goes back from an error to a value:
  ///
  /// ```swift
  /// spy.stub(.open, throwing: CocoaError(.fileNoSuchFile))
  /// spy.resetStubs(for: .open)
  /// spy.stub(.open, returning: "contents")
  /// ```
  ///
  /// - Parameter method: The method whose error, closure and values to remove.
  public func resetStubs(for method: Call.Method) {
    inspect { $0.stubs[method] = nil }
  }

  /// Forgets every recorded call and removes every stub.
  ///
  /// ```swift
  /// override func tearDown() {
  ///   spy.resetSpy()
  ///   super.tearDown()
  /// }
  /// ```
  ///
  /// A double whose protocol has a requirement `reset()` records `spy.reset()` like any other
  /// call; this method still clears the spy.
  public func resetSpy() {
    inspect { state in
      state.resetCalls()
      state.stubs = [:]
    }
  }
}

extension Spy: SpyResetting {}

/// The names a spy answers to whatever the protocol it doubles declares: ``spyName``,
/// ``resetSpy()``, ``resetSpyCalls()`` and ``resetSpyStubs()``.
///
/// No requirement of a real protocol is expected to have these names, so a double whose
/// protocol declares `reset()` or `name` records those calls like any other requirement, and the
/// spy stays reachable under its own names:
///
/// ```swift
/// protocol Ledger { func reset() throws }
///
/// try ledgerSpy.reset()                   // recorded: .reset
/// ledgerSpy.resetSpy()                    // clears calls and stubs
/// ```
public protocol SpyResetting: AnyObject {
  /// The double's name, as failure messages show it.
  var spyName: String { get }
  /// Forgets every recorded call and removes every stub.
  func resetSpy()
  /// Forgets every recorded call, keeping the stubs.
  func resetSpyCalls()
  /// Removes every stub, keeping the recorded calls.
  func resetSpyStubs()
}

extension SpyResetting {
  /// Forgets every recorded call and removes every stub.
  @available(*, deprecated, renamed: "resetSpy()", message: "write resetSpy()")
  public func reset() { resetSpy() }

  /// Forgets every recorded call, keeping the stubs.
  @available(*, deprecated, renamed: "resetSpyCalls()", message: "write resetSpyCalls()")
  public func resetCalls() { resetSpyCalls() }

  /// Removes every stub, keeping the recorded calls.
  @available(*, deprecated, renamed: "resetSpyStubs()", message: "write resetSpyStubs()")
  public func resetStubs() { resetSpyStubs() }

  /// The double's name.
  @available(*, deprecated, renamed: "spyName", message: "write spyName")
  public var name: String { spyName }
}
