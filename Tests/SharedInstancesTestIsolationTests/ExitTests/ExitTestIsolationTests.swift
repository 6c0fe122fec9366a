import Foundation
import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import TestSupport
import Testing
import _SharedInstancesIsolation

/// An exit test's child process is test code. Before the fix, the child resolved every
/// box to its process-wide state: overrides, test defaults, `.required` and strict mode were all
/// ignored there, and nothing said so.
@Suite(TimeLimits.waiting) struct ExitTestIsolationTests {
  /// Before: the `.required` box's real factory ran in the child. Now it is served its test
  /// default, and the read fails the test as it would outside the child.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test(.isolatedShared) func aRequiredBoxIsServedItsTestDefaultInTheChild() async {
      await withKnownIssue {
        let result = await #expect(
          processExitsWith: .success,
          observing: [\.standardErrorContent]
        ) {
          if ExitBoxes.requiredWithDefault.value.label != "test default" { exit(3) }
        }
        let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(!errors.contains("the real factory ran"), "\(errors)")
      } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.contains("declared inTests: .required, without overriding it")
          && text.contains("served the box's test default")
      }
    }
  #endif

  /// Before: the child got the real instance; the target's `SharedTestDefaults` were ignored.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test(.isolatedShared) func theTargetsTestDefaultsApplyInTheChild() async {
      await #expect(processExitsWith: .success) {
        if DefaultBoxes.payments.value.charge() != "spied" { exit(3) }
      }
    }
  #endif

  /// Before: the child stopped with a message that did not say it was the library; now the
  /// parent can tell the library's stop from a crash of the code under test.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test(.isolatedShared) func theLibrarysOwnStopIsToldApartFromACrash() async {
      let stopped = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) {
        _ = ExitBoxes.requiredWithoutDefault.value
      }
      let message = stopped?.sharedInstancesStopMessage
      #expect(message?.contains("declared inTests: .required") == true, "\(message ?? "")")
      #expect(message?.contains("the real factory ran") == false)

      let crashed = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) {
        precondition(ExitBoxes.plain.value.label == "something else", "the code's own crash")
      }
      #expect(crashed != nil)
      #expect(crashed?.sharedInstancesStopMessage == nil)
    }
  #endif

  /// Before: a strict test's exit test read real instances without a failure. The child's
  /// read reaches the parent as a warning, which a strict parent turns into its own failure.
  @Test(.isolatedShared(.strict)) func aStrictTestFailsWhenItsExitTestReadsARealInstance() {
    let parent = ExitTestRelay.Parent(
      testName: "checksOut()",
      scope: _Scope.captured(by: SharedScope.current),
      recorder: nil,
      testID: .init(suite: "Checkout", name: "checksOut()")
    )
    let read = Self.relayed(real: true)
    let failure = parent.handle(read)
    #expect(failure?.severity == .error)
    let text = failure?.comments.map(\.rawValue).joined() ?? ""
    #expect(text.contains("Strict test checksOut() read the real instance of Resettable<X>"))
    #expect(text.contains("child process of an exit test"), "\(text)")
    #expect(parent.handle(Self.relayed(real: false)) == nil)  // a test default: no failure
  }

  @Test(.isolatedShared) func aTestThatIsNotStrictTakesTheChildsReadsOffTheStream() {
    let parent = ExitTestRelay.Parent(
      testName: "checksOut()",
      scope: _Scope.captured(by: SharedScope.current),
      recorder: nil,
      testID: .init(suite: "Checkout", name: "checksOut()")
    )
    #expect(parent.handle(Self.relayed(real: true)) == nil)
  }

  /// A failure the child raised names the parent test, not the child's scope.
  @Test func theChildsFailuresNameTheParentTest() {
    let parent = ExitTestRelay.Parent(
      testName: "checksOut()",
      scope: nil,
      recorder: nil,
      testID: .init(suite: "Checkout", name: "checksOut()")
    )
    var issue: Issue?
    withKnownIssue {
      issue = Issue.record("Test exit test child process read Resettable<X>, which is …")
    }
    // Recorded again, renamed, on the test's task (where its known-issue matchers see it).
    let text = Locked("")
    withKnownIssue {
      let handled = issue.flatMap { parent.handle($0) }
      #expect(handled == nil)
    } matching: { recorded in
      text.set(recorded.comments.map(\.rawValue).joined())
      return true
    }
    #expect(
      text.get().hasPrefix("Test checksOut() (in the child process of one of its exit tests) read")
    )
  }

  /// An issue as a child's relay records it, in the parent.
  private static func relayed(real: Bool) -> Issue {
    let event = ExitTestRelay.Event(
      kind: .read,
      type: "Resettable<X>",
      fileID: "App/X.swift",
      line: 3,
      description: "Resettable<X> (declared at App/X.swift:3)",
      readReal: real
    )
    let payload = String(decoding: try! JSONEncoder().encode(event), as: UTF8.self)
    var issue: Issue?
    withKnownIssue {
      issue = Issue.record(Comment(rawValue: "read\n\(ExitTestRelay.marker)\(payload)"))
    }
    return issue!
  }

  /// A test that is not strict lets its exit test read real instances, as it may itself.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test(.isolatedShared) func aTestThatIsNotStrictLetsItsExitTestReadRealInstances() async {
      await #expect(processExitsWith: .success) {
        if ExitBoxes.plain.value.label != "real" { exit(3) }
      }
    }
  #endif

  /// The documented way to hand the child what the test set up: capture values, and build the
  /// overrides and doubles again in the body; they stay in the child's own isolated scope.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test(.isolatedShared) func valuesAndDoublesAreHandedToTheChildThroughCaptures() async {
      let label = "signed in as ada"
      let size = 42
      ExitBoxes.empty.set(ExitService(label))
      await #expect(processExitsWith: .success) { [label = label as String, size = size as Int] in
        ExitBoxes.empty.set(ExitService(label))
        let spy = FileStoreSpy()
        spy.stub(.size, returning: size)
        ExitBoxes.store.override(with: spy)
        // The code under test, reading the boxes:
        guard ExitBoxes.empty.value.label == "signed in as ada",
          ExitBoxes.store.value.size(of: 1) == 42,
          spy.calls == [.size(of: 1)]
        else { exit(3) }
      }
    }
  #endif

  /// A value the test set does not cross the process boundary by itself: the child reads the
  /// box as a test that did not set it, and the library says so.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test(.isolatedShared) func anEmptyBoxTheTestSetIsEmptyInTheChild() async {
      ExitBoxes.empty.set(ExitService("set in the parent"))
      let result = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) {
        _ = ExitBoxes.empty.value
      }
      #expect(result?.sharedInstancesStopMessage?.contains("is empty") == true)
    }
  #endif

  /// A body that tests what the program does outside every test leaves the child's isolation.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aBodyCanLeaveTheChildsIsolationToRunAsTheProgram() async {
      #expect(!SharedScope.leaveExitTestIsolation())  // not an exit test's child: nothing to end
      await #expect(processExitsWith: .success) {
        guard SharedScope.current.isIsolated, SharedScope.leaveExitTestIsolation(),
          !SharedScope.current.isIsolated,
          ExitBoxes.requiredWithoutDefault.value.label == "real"  // as in production
        else { exit(3) }
      }
    }
  #endif

  /// Exit tests of a test that is not isolated are isolated in the child all the same.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func theChildIsIsolatedEvenUnderATestThatIsNot() async {
      await #expect(processExitsWith: .success) {
        guard SharedScope.current.isIsolated,
          ExitBoxes.withDefault.value.label == "test default"
        else { exit(3) }
      }
    }
  #endif
}

// MARK: - Fixtures

/// Boxes the exit tests read in their child processes (the bodies cannot capture them).
enum ExitBoxes {
  static let requiredWithDefault = Resettable(
    inTests: .required(default: { ExitService("test default") }),
    { ExitService.real() }
  )
  static let requiredWithoutDefault = Resettable(inTests: .required) {
    ExitService.real()
  }
  static let plain = Resettable { ExitService.real() }
  static let withDefault = Resettable(inTests: .optional(default: { ExitService("test default") }))
  {
    ExitService.real()
  }
  static let empty = Resettable<ExitService>.empty()
  static let store = Resettable<any FileStore> { FileStoreSpy() }
}

final class ExitService: Sendable {
  let label: String
  init(_ label: String) { self.label = label }

  static func real() -> ExitService {
    FileHandle.standardError.write(Data("the real factory ran\n".utf8))
    return ExitService("real")
  }
}
