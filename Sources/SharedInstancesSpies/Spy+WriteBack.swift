import SharedInstances

extension Spy {
  // MARK: - inout parameters

  /// Makes a method write back into one of its `inout` parameters.
  ///
  /// After the double records a call (with the value the caller passed), it hands that
  /// parameter to `body`, and the caller sees what `body` left in it. Generated spies have a
  /// typed `stub<Case><Parameter>` method for each `inout` parameter that calls this one:
  ///
  /// ```swift
  /// // func increment(_ value: inout Int)
  /// spy.stub(.increment, writingBack: "value") { (value: inout Int) in value += 1 }
  /// spy.stubIncrementValue { $0 += 1 }   // the same, generated
  ///
  /// var count = 1
  /// spy.increment(&count)
  /// #expect(count == 2)
  /// #expect(spy.calls == [.increment(value: 1)])
  /// ```
  ///
  /// The write-back is a stub like the others: ``resetStubs()`` and ``resetStubs(for:)``
  /// remove it, and stubbing the parameter again replaces it. It runs without the spy's lock
  /// held, on the thread that called the double; a call that throws writes nothing back, and a
  /// body for another type than the argument's is not run.
  ///
  /// - Parameters:
  ///   - method: The method, such as `.increment`.
  ///   - parameter: The parameter's name inside the method, such as `value`.
  ///   - body: Changes the argument.
  ///   - fileID: Where the test stubs, for failures. Leave the default.
  ///   - filePath: Where the test stubs, for failures. Leave the default.
  ///   - line: Where the test stubs, for failures. Leave the default.
  ///   - column: Where the test stubs, for failures. Leave the default.
  public func stub<Value>(
    _ method: Call.Method,
    writingBack parameter: String,
    _ body: @escaping @Sendable (inout Value) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    inspect { state in
      state.stubs[method, default: MethodStubs()].writeBacks[parameter] = body
      state.stubs[method]?.location = location
    }
  }

  /// Writes back into an `inout` argument what the test stubbed for it, if anything.
  ///
  /// The double's side of ``stub(_:writingBack:_:fileID:filePath:line:column:)``: call it
  /// after recording the call.
  ///
  /// ```swift
  /// func increment(_ value: inout Int) {
  ///   record(.increment(value: value))
  ///   writeBack(&value, for: .increment, parameter: "value")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - value: The `inout` argument.
  ///   - method: The method that received it.
  ///   - parameter: The parameter's name inside the method.
  public func writeBack<Value>(_ value: inout Value, for method: Call.Method, parameter: String) {
    let stubbed = inspect { $0.stubs[method]?.writeBacks[parameter] }
    guard let body = stubbed as? @Sendable (inout Value) -> Void else { return }
    body(&value)
  }
}
