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
  /// (`_RunningTest.suffix`): worded in one place, for the size of programs.
  package static func stop(_ message: String) -> Never {
    now("SharedInstances: \(message)\(_RunningTest.suffix)")
  }
}
