import SharedInstances

extension Spy {
  // MARK: - Stubbing (the test's side)

  /// Makes a method return a value, or a sequence of values of which the last one repeats.
  ///
  /// Each call to the method takes the next value; once they run out, every further call gets
  /// the last one again. Stubbing values again replaces the sequence and starts it over.
  ///
  /// ```swift
  /// spy.stub(.currentUser, returning: User(name: "Ada"))
  /// spy.stub(.nextPage, returning: [1, 2], [3], [])   // then [] forever
  /// ```
  ///
  /// ## Precedence
  ///
  /// A method can have an error, a closure and values at once, each set by its own `stub`.
  /// A call is answered by the first that is set, whatever order the test set them in:
  ///
  /// 1. the newest stub whose predicate matches the call, of
  ///    ``stub(_:where:returning:fileID:filePath:line:column:)`` or
  ///    ``stub(_:where:throwing:fileID:filePath:line:column:)``;
  /// 2. the error of ``stub(_:throwing:fileID:filePath:line:column:)``;
  /// 3. the closure of ``stub(_:fileID:filePath:line:column:_:)``;
  /// 4. the values of this method.
  ///
  /// Use ``resetStubs(for:)`` to remove them all and start again.
  ///
  /// > Important: The value must convert to the type the double's method returns with `as?`:
  /// > that type itself, an optional of it, a subclass of a class it returns, or, for a method
  /// > that returns an existential (`-> any CounterHandler`), a value of any type conforming to
  /// > it. A value that does not convert (an `Int` stubbed for a method returning `Double`)
  /// > fails the test at the call, naming both types. To stub `nil`, spell the type:
  /// > `User?.none`.
  ///
  /// - Parameters:
  ///   - method: The method to stub, such as `.open`.
  ///   - value: What the first call returns.
  ///   - more: What the following calls return, in order; the last one repeats.
  ///   - fileID: Where the test stubs, for failures. Leave the default.
  ///   - filePath: Where the test stubs, for failures. Leave the default.
  ///   - line: Where the test stubs, for failures. Leave the default.
  ///   - column: Where the test stubs, for failures. Leave the default.
  public func stub<Value: Sendable>(
    _ method: Call.Method,
    returning value: Value,
    _ more: Value...,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let values: [any Sendable] = [value] + more.map { $0 }
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    update(method, at: location) { stubs in
      stubs.values = values
      stubs.nextValue = 0
    }
  }

  /// Makes a method compute its answer from each call's arguments.
  ///
  /// The closure receives the call, with its arguments as the enum's associated values; take
  /// them apart with `guard case`. It runs on the thread that called the double, without any
  /// lock held, and what it throws is thrown from the double's throwing method.
  ///
  /// ```swift
  /// spy.stub(.open) { call in
  ///   guard case .open(let id) = call else { return "" }
  ///   if id < 0 { throw FileStoreError.notFound }
  ///   return "file \(id)"
  /// }
  /// ```
  ///
  /// A closure also lets a test answer with a fresh value that is not `Sendable` each time,
  /// or act when a method that returns nothing is called.
  ///
  /// A stubbed error wins over the closure, and the closure over stubbed values; see
  /// ``stub(_:returning:_:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - method: The method to stub, such as `.open`.
  ///   - answer: Computes the result of each call. It may read the spy: the call is already
  ///     in ``calls``.
  ///   - fileID: Where the test stubs, for failures. Leave the default.
  ///   - filePath: Where the test stubs, for failures. Leave the default.
  ///   - line: Where the test stubs, for failures. Leave the default.
  ///   - column: Where the test stubs, for failures. Leave the default.
  public func stub<Value>(
    _ method: Call.Method,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ answer: @escaping @Sendable (Call) throws -> Value
  ) {
    let closure = StubClosure<Call>(resultType: String(describing: Value.self)) { call in
      try answer(call)
    }
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    update(method, at: location) { $0.closure = closure }
  }

  /// Makes a method throw an error.
  ///
  /// The error wins over any closure or values stubbed for the same method; see
  /// ``stub(_:returning:_:fileID:filePath:line:column:)``. It reaches the code under test when
  /// the double records with ``recordThrowing(_:fileID:filePath:line:column:)->_``; a double
  /// whose method cannot throw reports a test failure instead.
  ///
  /// ```swift
  /// spy.stub(.open, throwing: CocoaError(.fileNoSuchFile))
  /// #expect(throws: CocoaError.self) { try document.load() }
  /// ```
  ///
  /// - Parameters:
  ///   - method: The method to stub, such as `.open`.
  ///   - error: The error every call to the method throws.
  ///   - fileID: Where the test stubs, for failures. Leave the default.
  ///   - filePath: Where the test stubs, for failures. Leave the default.
  ///   - line: Where the test stubs, for failures. Leave the default.
  ///   - column: Where the test stubs, for failures. Leave the default.
  public func stub(
    _ method: Call.Method,
    throwing error: any Error,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    update(method, at: location) { $0.error = error }
  }

  /// Makes the calls of a method whose arguments satisfy a predicate return a value.
  ///
  /// For answers that depend on one argument, or a range, without writing a closure that
  /// handles every call. The newest matching stub of this kind answers first, before the
  /// method's error, closure and values; calls that match none fall through to those.
  ///
  /// ```swift
  /// spy.stub(.open, returning: "small")
  /// spy.stub(.open, where: { if case .open(let id) = $0 { id > 3 } else { false } },
  ///   returning: "large")
  /// #expect(try spy.open(id: 4) == "large")
  /// #expect(try spy.open(id: 1) == "small")
  /// ```
  ///
  /// > Important: The predicate runs while the spy holds its lock: it must not call the spy.
  ///
  /// - Parameters:
  ///   - method: The method to stub, such as `.open`.
  ///   - predicate: Whether a call gets `value`; take its arguments apart with `if case`.
  ///   - value: What every matching call returns.
  ///   - fileID: Where the test stubs, for failures. Leave the default.
  ///   - filePath: Where the test stubs, for failures. Leave the default.
  ///   - line: Where the test stubs, for failures. Leave the default.
  ///   - column: Where the test stubs, for failures. Leave the default.
  public func stub<Value: Sendable>(
    _ method: Call.Method,
    where predicate: @escaping @Sendable (Call) -> Bool,
    returning value: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let stub = ConditionalStub(matches: predicate, answer: .value(value))
    update(method, at: location) { $0.conditional.append(stub) }
  }

  /// Makes the calls of a method whose arguments satisfy a predicate throw an error.
  ///
  /// The newest matching stub of this kind, or of
  /// ``stub(_:where:returning:fileID:filePath:line:column:)``, answers first; calls that match
  /// none fall through to the method's other stubs.
  ///
  /// ```swift
  /// spy.stub(.open, returning: "contents")
  /// spy.stub(.open, where: { $0 == .open(id: -1) }, throwing: FileStoreError.notFound(-1))
  /// #expect(throws: FileStoreError.notFound(-1)) { try spy.open(id: -1) }
  /// ```
  ///
  /// > Important: The predicate runs while the spy holds its lock: it must not call the spy.
  ///
  /// - Parameters:
  ///   - method: The method to stub, such as `.open`.
  ///   - predicate: Whether a call throws `error`; take its arguments apart with `if case`.
  ///   - error: What every matching call throws.
  ///   - fileID: Where the test stubs, for failures. Leave the default.
  ///   - filePath: Where the test stubs, for failures. Leave the default.
  ///   - line: Where the test stubs, for failures. Leave the default.
  ///   - column: Where the test stubs, for failures. Leave the default.
  public func stub(
    _ method: Call.Method,
    where predicate: @escaping @Sendable (Call) -> Bool,
    throwing error: any Error,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let stub = ConditionalStub(matches: predicate, answer: .error(error))
    update(method, at: location) { $0.conditional.append(stub) }
  }

  /// Changes the stubs of `method` and remembers where the test did it.
  private func update(
    _ method: Call.Method,
    at location: SpyLocation,
    _ change: (inout MethodStubs<Call>) -> Void
  ) {
    inspect { state in
      change(&state.stubs[method, default: MethodStubs()])
      state.stubs[method]?.location = location
    }
  }
}
