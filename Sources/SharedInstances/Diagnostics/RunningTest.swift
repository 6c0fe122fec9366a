/// Which test is running, for the messages of misuse that stops the program: the other tests'
/// results are lost with the process, so the message at least names the one that stopped it.
package enum _RunningTest {
  /// The running test's name, installed by the testing module (Swift Testing's
  /// `Test.current`, or the XCTest test case that is running).
  package static let provider = Protected<(@Sendable () -> String?)?>(nil)

  /// The name of the test running on this thread or task, if the testing module knows one.
  package static var name: String? {
    provider.load()?()
  }

  /// ` (while running test NAME)`, or ` (in the isolated scope of NAME)` when only the scope is
  /// known, or nothing.
  package static var suffix: String {
    if let name {
      return " (while running test \(name))"
    }
    if _ProcessWords.isolationIsActive, let name = _Isolation.hooks.nameOfScopeForCapture() {
      return " (in the isolated scope of \(name))"
    }
    return ""
  }
}
