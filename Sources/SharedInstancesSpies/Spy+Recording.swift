import SharedInstances

extension Spy {
  // MARK: - Recording a call (the double's side)

  /// Records a call to a method that returns nothing and cannot throw.
  ///
  /// The call is appended to ``calls`` and wakes any wait for it. A closure the test stubbed
  /// for the method runs, for its side effects. An unstubbed call is not a failure: doing
  /// nothing is what a method without a result does by default.
  ///
  /// ```swift
  /// override func doSomethingImportant() {
  ///   spy.record(.doSomethingImportant)
  /// }
  /// ```
  ///
  /// A stubbed error, or a stubbed value that is not `Void`, cannot be honored here; it is
  /// reported as a test failure.
  ///
  /// - Parameters:
  ///   - call: The call, with its arguments.
  ///   - fileID: Where the double records, for failures. Leave the default.
  ///   - filePath: Where the double records, for failures. Leave the default.
  ///   - line: Where the double records, for failures. Leave the default.
  ///   - column: Where the double records, for failures. Leave the default.
  public func record(
    _ call: Call,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    resolve(call, default: (), failIfUnstubbed: false, at: location)
  }

  /// Records a call and returns what the test stubbed, or `defaultValue` when it stubbed
  /// nothing.
  ///
  /// For a method that cannot throw and has a sensible answer when the test does not care, such
  /// as an empty list or a signed-out user. An unstubbed call returns the default and is not a
  /// failure; to make it one, use ``record(_:placeholder:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// func currentUser() -> User? {
  ///   spy.record(.currentUser, default: nil)
  /// }
  /// ```
  ///
  /// A stubbed error cannot be thrown from here; it is reported as a test failure, and so is a
  /// stubbed value of another type than `Result`. Both then return `defaultValue`.
  ///
  /// - Parameters:
  ///   - call: The call, with its arguments.
  ///   - defaultValue: What to return when the method has no stub. Evaluated only then.
  ///   - fileID: Where the double records, for failures. Leave the default.
  ///   - filePath: Where the double records, for failures. Leave the default.
  ///   - line: Where the double records, for failures. Leave the default.
  ///   - column: Where the double records, for failures. Leave the default.
  /// - Returns: The stubbed answer (see ``stub(_:returning:_:fileID:filePath:line:column:)``
  ///   for precedence), or `defaultValue`.
  public func record<Result>(
    _ call: Call,
    default defaultValue: @autoclosure () -> Result,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Result {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return resolve(call, default: defaultValue(), failIfUnstubbed: false, at: location)
  }

  /// Records a call and returns what the test stubbed; a call the test did not stub fails the
  /// test and returns `placeholder`.
  ///
  /// For a method that cannot throw, where every test that reaches it must say what it
  /// returns. The placeholder only lets the code under test go on after the failure was
  /// reported; no passing test ever sees it.
  ///
  /// ```swift
  /// func balance(of account: Account.ID) -> Decimal {
  ///   spy.record(.balance(of: account), placeholder: 0)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - call: The call, with its arguments.
  ///   - placeholder: What to return after reporting a failure. Evaluated only then.
  ///   - fileID: Where the double records, for failures. Leave the default.
  ///   - filePath: Where the double records, for failures. Leave the default.
  ///   - line: Where the double records, for failures. Leave the default.
  ///   - column: Where the double records, for failures. Leave the default.
  /// - Returns: The stubbed answer (see ``stub(_:returning:_:fileID:filePath:line:column:)``
  ///   for precedence), or `placeholder` after a failure.
  public func record<Result>(
    _ call: Call,
    placeholder: @autoclosure () -> Result,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Result {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return resolve(call, default: placeholder(), failIfUnstubbed: true, at: location)
  }

  /// Records a call to a throwing method and returns what the test stubbed, or throws the error
  /// it stubbed.
  ///
  /// A call the test did not stub fails the test, naming the double and the method, and throws
  /// so the code under test stops there: in a Swift Testing test, the error `#require` throws,
  /// which the test does not report a second time; elsewhere ``UnstubbedCallError``.
  ///
  /// ```swift
  /// func open(id: Int) throws -> String {
  ///   try recordThrowing(.open(id: id))
  /// }
  ///
  /// func fetch() async throws -> [Article] {
  ///   try spy.recordThrowing(.fetch)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - call: The call, with its arguments.
  ///   - fileID: Where the double records, for failures. Leave the default.
  ///   - filePath: Where the double records, for failures. Leave the default.
  ///   - line: Where the double records, for failures. Leave the default.
  ///   - column: Where the double records, for failures. Leave the default.
  /// - Returns: The stubbed answer; see ``stub(_:returning:_:fileID:filePath:line:column:)``
  ///   for precedence.
  /// - Throws: The error stubbed with ``stub(_:throwing:fileID:filePath:line:column:)`` or
  ///   thrown by a stubbed closure; when the method has no stub or its stub has another type,
  ///   Swift Testing's `ExpectationFailedError` on a Swift Testing test's task, else
  ///   ``UnstubbedCallError``.
  public func recordThrowing<Result>(
    _ call: Call,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws -> Result {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    switch respond(to: call, as: Result.self) {
    case .value(let value):
      return value
    case .error(let error):
      throw error
    case .unstubbed:
      if Result.self == Void.self, let nothing = () as? Result { return nothing }
      try reportStopping(
        unstubbedMessage(call, resultType: Result.self, at: location),
        at: createdAt
      )
    case .wrongType(let stubbed):
      let message = wrongTypeMessage(call, stubbed: stubbed, expected: Result.self, at: location)
      try reportStopping(message, at: stubLocation(of: call.method))
    }
    throw UnstubbedCallError(
      double: spyName,
      method: String(describing: call.method),
      call: String(describing: call)
    )
  }

  /// Records a call to a throwing method that returns nothing, and throws the error the test
  /// stubbed.
  ///
  /// An unstubbed call returns normally. A closure the test stubbed runs, and what it throws
  /// is thrown.
  ///
  /// ```swift
  /// func delete(id: Int) throws {
  ///   try recordThrowing(.delete(id: id))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - call: The call, with its arguments.
  ///   - fileID: Where the double records, for failures. Leave the default.
  ///   - filePath: Where the double records, for failures. Leave the default.
  ///   - line: Where the double records, for failures. Leave the default.
  ///   - column: Where the double records, for failures. Leave the default.
  /// - Throws: The error stubbed with ``stub(_:throwing:fileID:filePath:line:column:)`` or
  ///   thrown by a stubbed closure; after a failure for a stub of another type, as the
  ///   method that returns a value does.
  public func recordThrowing(
    _ call: Call,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    switch respond(to: call, as: Void.self) {
    case .value, .unstubbed:
      return
    case .error(let error):
      throw error
    case .wrongType(let stubbed):
      let message = wrongTypeMessage(call, stubbed: stubbed, expected: Void.self, at: location)
      try reportStopping(message, at: stubLocation(of: call.method))
      throw UnstubbedCallError(
        double: spyName,
        method: String(describing: call.method),
        call: String(describing: call)
      )
    }
  }

  // MARK: - Machinery

  /// What a recorded call is answered with.
  enum Response<Result> {
    case value(Result)
    case error(any Error)
    case unstubbed
    /// The stub answers with another type, described like `a value of type Int`.
    case wrongType(String)
  }

  /// Records `call` and works out its answer; a stubbed closure runs here, outside the lock.
  func respond<Result>(to call: Call, as _: Result.Type) -> Response<Result> {
    let (answer, satisfied) = state.withLock { $0.record(call) }
    for waiter in satisfied { waiter.resume(true) }
    switch answer {
    case .error(let error):
      return .error(error)
    case .closure(let closure):
      do {
        let result = try closure.body(call)
        if let result = result as? Result { return .value(result) }
        return .wrongType("a closure returning \(closure.resultType)")
      } catch {
        return .error(error)
      }
    case .value(let value):
      if let value = value as? Result { return .value(value) }
      return .wrongType("a value of type \(type(of: value))")
    case .none:
      return .unstubbed
    }
  }

  /// The non-throwing paths: anything but a usable value reports (or not) and falls back.
  private func resolve<Result>(
    _ call: Call,
    default fallback: @autoclosure () -> Result,
    failIfUnstubbed: Bool,
    at location: SpyLocation
  ) -> Result {
    switch respond(to: call, as: Result.self) {
    case .value(let value):
      return value
    case .error(let error):
      report(
        """
        \(spyName).\(call.method) is stubbed to throw \(error), but the double records \(call) \
        with record(_:) at \(location.short), which cannot throw. Stub a value or a closure \
        instead, or record with recordThrowing(_:) in a throwing method. \(recordedSummary)
        """,
        at: stubLocation(of: call.method)
      )
    case .unstubbed:
      if failIfUnstubbed {
        report(unstubbedMessage(call, resultType: Result.self, at: location), at: createdAt)
      }
    case .wrongType(let stubbed):
      report(
        wrongTypeMessage(call, stubbed: stubbed, expected: Result.self, at: location),
        at: stubLocation(of: call.method)
      )
    }
    return fallback()
  }

  /// Where the test last stubbed `method`, else where it created the spy: the test's own lines,
  /// where a failure about a stub is easiest to act on.
  func stubLocation(of method: Call.Method) -> SpyLocation {
    state.withLock { $0.stubs[method]?.location } ?? createdAt
  }

  func unstubbedMessage(
    _ call: Call,
    resultType: Any.Type,
    at location: SpyLocation
  ) -> String {
    """
    Unstubbed call: \(spyName).\(call.method) received \(call) and must return \(resultType), \
    but the test stubbed no value, error or closure for \(call.method). Stub it before the \
    call, e.g. spy.stub(.\(call.method), returning: …). \(recordedSummary) \(originSummary) \
    It records the call at \(location.short).
    """
  }

  func wrongTypeMessage(
    _ call: Call,
    stubbed: String,
    expected: Any.Type,
    at location: SpyLocation
  ) -> String {
    """
    \(spyName).\(call.method) is stubbed with \(stubbed), but the double returns \(expected) \
    for \(call) (recorded at \(location.short)). \(recordedSummary)
    """
  }
}
