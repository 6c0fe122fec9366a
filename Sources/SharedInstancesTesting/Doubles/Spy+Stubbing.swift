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
  /// 1. the error of ``stub(_:throwing:)``;
  /// 2. the closure of ``stub(_:_:)``;
  /// 3. the values of this method.
  ///
  /// Use ``resetStubs(for:)`` to remove them all and start again.
  ///
  /// > Important: The value's type must be exactly the type the double's method returns (an
  /// > optional of it works too): an `Int` stubbed for a method returning `Double` fails the
  /// > test at the call, naming both types. To stub `nil`, spell the type: `User?.none`.
  ///
  /// - Parameters:
  ///   - method: The method to stub, such as `.open`.
  ///   - value: What the first call returns.
  ///   - more: What the following calls return, in order; the last one repeats.
  public func stub<Value: Sendable>(
    _ method: Call.Method,
    returning value: Value,
    _ more: Value...
  ) {
    let values: [any Sendable] = [value] + more.map { $0 }
    inspect { state in
      state.stubs[method, default: MethodStubs()].values = values
      state.stubs[method, default: MethodStubs()].nextValue = 0
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
  /// ``stub(_:returning:_:)``.
  ///
  /// - Parameters:
  ///   - method: The method to stub, such as `.open`.
  ///   - answer: Computes the result of each call. It may read the spy: the call is already
  ///     in ``calls``.
  public func stub<Value>(
    _ method: Call.Method,
    _ answer: @escaping @Sendable (Call) throws -> Value
  ) {
    let closure = StubClosure<Call>(resultType: String(describing: Value.self)) { call in
      try answer(call)
    }
    inspect { $0.stubs[method, default: MethodStubs()].closure = closure }
  }

  /// Makes a method throw an error.
  ///
  /// The error wins over any closure or values stubbed for the same method; see
  /// ``stub(_:returning:_:)``. It reaches the code under test when the double records with
  /// ``recordThrowing(_:fileID:filePath:line:column:)->_``; a double whose method cannot throw
  /// reports a test failure instead.
  ///
  /// ```swift
  /// spy.stub(.open, throwing: CocoaError(.fileNoSuchFile))
  /// #expect(throws: CocoaError.self) { try document.load() }
  /// ```
  ///
  /// - Parameters:
  ///   - method: The method to stub, such as `.open`.
  ///   - error: The error every call to the method throws.
  public func stub(_ method: Call.Method, throwing error: any Error) {
    inspect { $0.stubs[method, default: MethodStubs()].error = error }
  }
}
