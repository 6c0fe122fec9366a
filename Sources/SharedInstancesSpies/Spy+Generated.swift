import SharedInstances

extension Spy {
  // MARK: - What generated spies need

  /// Records a call whose answer the test must stub, for a method that cannot throw.
  ///
  /// A generated spy uses it when it writes no placeholder for the result type itself. A
  /// stubbed call answers as with ``record(_:placeholder:fileID:filePath:line:column:)``. An
  /// unstubbed one (or one stubbed with an error, or a value of another type) fails the test,
  /// then returns the result type's ``SpyPlaceholder/spyPlaceholder`` when the type conforms to
  /// ``SpyPlaceholder`` (most standard library and Foundation types do; mark your own). Only
  /// when it does not conform has the method nothing to return: then it stops the test process,
  /// naming the test. Prefer ``record(_:placeholder:fileID:filePath:line:column:)`` in
  /// hand-written doubles.
  ///
  /// ```swift
  /// func currentDocument() -> Document { recordStubbed(.currentDocument) }
  /// func nextID() -> UUID { recordStubbed(.nextID) }   // unstubbed: fails, returns zeros
  /// ```
  ///
  /// - Parameters:
  ///   - call: The call, with its arguments.
  ///   - fileID: Where the double records, for failures. Leave the default.
  ///   - filePath: Where the double records, for failures. Leave the default.
  ///   - line: Where the double records, for failures. Leave the default.
  ///   - column: Where the double records, for failures. Leave the default.
  /// - Returns: The stubbed answer; see ``stub(_:returning:_:fileID:filePath:line:column:)``.
  public func recordStubbed<Result>(
    _ call: Call,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Result {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    switch respond(to: call, as: Result.self) {
    case .value(let value):
      return value
    case .error(let error):
      return placeholderOrStop(call, after: error, at: location, failure: Never.self)
    case .unstubbed:
      report(unstubbedMessage(call, resultType: Result.self, at: location), at: createdAt)
    case .wrongType(let stubbed):
      report(
        wrongTypeMessage(call, stubbed: stubbed, expected: Result.self, at: location),
        at: stubLocation(of: call.method)
      )
    }
    if let placeholder = spyPlaceholder(of: Result.self) { return placeholder }
    stop(call, returning: Result.self, after: nil)
  }

  /// Records a call to a method with a typed `throws(Failure)`.
  ///
  /// A stubbed error of type `Failure` is thrown, and a stubbed value or closure answers. A call
  /// the test did not stub (or stubbed with an error of another type, or a value of another
  /// type) fails the test once, then returns the result type's
  /// ``SpyPlaceholder/spyPlaceholder``, or else throws `Failure`'s placeholder, when one of them
  /// conforms to ``SpyPlaceholder``. When neither does, the method can throw nothing it may and
  /// has no value to return: it stops the test process, naming the test.
  ///
  /// ```swift
  /// func parse(_ text: String) throws(ParseError) -> Int {
  ///   try recordThrowing(.parse(text: text), as: ParseError.self)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - call: The call, with its arguments.
  ///   - failure: The error type the method throws.
  ///   - fileID: Where the double records, for failures. Leave the default.
  ///   - filePath: Where the double records, for failures. Leave the default.
  ///   - line: Where the double records, for failures. Leave the default.
  ///   - column: Where the double records, for failures. Leave the default.
  /// - Returns: The stubbed answer; see ``stub(_:returning:_:fileID:filePath:line:column:)``.
  /// - Throws: The stubbed error of type `Failure`.
  public func recordThrowing<Result, Failure: Error>(
    _ call: Call,
    as failure: Failure.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws(Failure) -> Result {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    switch respond(to: call, as: Result.self) {
    case .value(let value):
      return value
    case .error(let error as Failure):
      throw error
    case .error(let error):
      return try placeholderOrStop(call, after: error, at: location, failure: Failure.self)
    case .unstubbed:
      if Result.self == Void.self, let nothing = () as? Result { return nothing }
      report(unstubbedMessage(call, resultType: Result.self, at: location), at: createdAt)
    case .wrongType(let stubbed):
      report(
        wrongTypeMessage(call, stubbed: stubbed, expected: Result.self, at: location),
        at: stubLocation(of: call.method)
      )
    }
    if let placeholder = spyPlaceholder(of: Result.self) { return placeholder }
    if let failure = spyPlaceholder(of: Failure.self) { throw failure }
    stop(call, returning: Result.self, after: nil)
  }

  /// Fails the test for a stubbed error the method cannot throw, then returns the result's
  /// placeholder, throws the error type's, or stops when there is neither.
  private func placeholderOrStop<Result, Failure: Error>(
    _ call: Call,
    after error: any Error,
    at location: SpyLocation,
    failure: Failure.Type
  ) throws(Failure) -> Result {
    let result = spyPlaceholder(of: Result.self)
    let thrown = result == nil ? spyPlaceholder(of: Failure.self) : nil
    guard result != nil || thrown != nil else { stop(call, returning: Result.self, after: error) }
    report(
      """
      \(spyName).\(call.method) received \(call). It ended with \(error), which the method \
      cannot throw, so it \
      \(result != nil ? "returns the placeholder of \(Result.self)" : "throws \(thrown!)") \
      instead (recorded at \(location.short)). Stub a value, or an error of a type the method \
      throws. \(recordedSummary)
      """,
      at: stubLocation(of: call.method)
    )
    if let result { return result }
    throw thrown!
  }

  /// Stops the test process: the double has neither a value nor an error it may return.
  private func stop(_ call: Call, returning result: Any.Type, after error: (any Error)?) -> Never {
    let test = creatingTest.map { " The spy was created in test \($0)." } ?? ""
    let why = error.map { " It ended with \($0), which the method cannot throw." } ?? ""
    fatalError(
      """
      \(spyName).\(call.method) received \(call) and must return \(result), but the test stubbed \
      no answer it can give.\(why) Stub it before the call, e.g. \
      spy.stub(.\(call.method), returning: …).\(test)
      """
    )
  }
}

/// An argument kept for the test, such as a completion handler.
struct KeptArgument: @unchecked Sendable {
  // @unchecked: the value is handed back only to the test that asks for it; calling a closure
  // that is not `@Sendable` from the test's thread is the test's own choice.
  let value: Any
}
