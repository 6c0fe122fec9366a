/// The library's own stops of the program: misuse that no failure of one test can survive
/// (an empty box read, a factory that reads its own box, a `.required` box with nothing to
/// serve).
///
/// Every stop goes through ``now(_:file:line:)``, so that the testing module can tell the parent
/// test of an exit test that the library, not the code under test, stopped the child process.
package enum _ProcessStop {
  /// Told the message just before the process stops (installed in an exit test's child).
  package static let observer = Protected<(@Sendable (String) -> Void)?>(nil)

  /// Stops the program with `message`, after telling the ``observer``.
  package static func now(
    _ message: String,
    file: StaticString = #file,
    line: UInt = #line
  ) -> Never {
    if let observer = observer.load() { observer(message) }
    fatalError(message, file: file, line: line)
  }

  /// Stops the program with `SharedInstances: MESSAGE` and the running test
  /// (`_RunningTest.suffix`): worded in one place, for the size of programs (issue 30, item 8).
  package static func stop(_ message: String) -> Never {
    now("SharedInstances: \(message)\(_RunningTest.suffix)")
  }
}

/// The isolation of an exit test's child process, which the testing module opens when the
/// child loads.
package enum _ExitTestIsolation {
  /// Ends the child's isolated scope (installed by the testing module in a child).
  package static let ender = Protected<(@Sendable () -> Void)?>(nil)

  /// In an exit test's child, ends the isolation the child started in, so that the rest of the
  /// body runs as a plain process would (the library's own tests of what happens outside every
  /// test); does nothing elsewhere.
  @discardableResult
  package static func end() -> Bool {
    let end = ender.withLock { ender in
      defer { ender = nil }
      return ender
    }
    end?()
    return end != nil
  }
}
