import Foundation
import SharedInstancesTesting
import SpyTestSupport
import Testing

/// A double whose protocol has requirements with the names and types of `Spy`'s own members
/// overrides them (or, for `name` and the resets, declares them beside `Spy`'s), and records
/// them like any other requirement: the spy never calls them
/// itself, so its failures still name the double and record nothing.
@Suite struct SpyOverrideTests {
  @Test func anUnstubbedCallNamesTheDoubleByItsTypeAndCallsNoOverride() {
    let diary = DiarySpy()
    withKnownIssue {
      _ = diary.entry(at: 2)
    } matching: { issue in
      let text = text(of: issue)
      return text.contains("Unstubbed call: DiarySpy.entry received entry(at: 2)")
        && text.contains("DiarySpy recorded 1 call: [entry(at: 2)]")
    }
    #expect(diary.calls == [.entry(at: 2)])
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aTimedOutWaitNamesTheDoubleAndCallsNoOverride() async {
    let diary = DiarySpy()
    await withKnownIssue {
      await diary.waitUntilCalled(.entry, timeout: .milliseconds(10))
    } matching: { issue in
      text(of: issue).contains("DiarySpy.entry to be called")
    }
    #expect(diary.calls == [])
  }

  @Test func theOverriddenMembersAnswerTheirStubsAndAreRecorded() {
    let diary = DiarySpy()
    diary.stub(.name, returning: "Tuesdays")
    diary.stub(.description, returning: "a diary")
    #expect(diary.name == "Tuesdays")
    #expect("\(diary)" == "a diary")
    diary.reset()
    diary.resetCalls()
    diary.resetStubs()
    #expect(diary.calls == [.name, .description, .reset, .resetCalls, .resetStubs])
    #expect(diary.name == "Tuesdays")  // the overrides reset nothing
  }

  @Test func anOverriddenKeepIsRecordedAndSpysOwnStillKeeps() {
    let diary = DiarySpy()
    diary.keep(3, as: "page")
    diary.onClose { _ in }
    #expect(diary.calls == [.keep(name: "page"), .onClose])
    #expect(diary.onCloseHandler != nil)
  }
}

// MARK: - Fixtures

private protocol Diary: Sendable {
  var name: String { get }
  var description: String { get }
  func reset()
  func resetCalls()
  func resetStubs()
  func keep<Value>(_ value: Value, as name: String)
  func lastKept<Value>(_ name: String, as type: Value.Type) -> Value?
  func entry(at page: Int) -> String
  func onClose(_ handler: @escaping @Sendable (Bool) -> Void)
}

/// What `generate-spies` writes for `Diary`: it overrides the members of `Spy` that `Diary`
/// restates (and declares `name` and the resets beside the ones of `SpyResetting`), and keeps
/// closures with `Spy`'s own `keep`.
private final class DiarySpy: Spy<DiarySpy.Call>, Diary, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case name, description, reset, resetCalls, resetStubs, keep(name: String), lastKept
    case entry(at: Int), onClose

    enum Method {
      case name, description, reset, resetCalls, resetStubs, keep, lastKept, entry, onClose
    }

    var method: Method {
      switch self {
      case .name: .name
      case .description: .description
      case .reset: .reset
      case .resetCalls: .resetCalls
      case .resetStubs: .resetStubs
      case .keep: .keep
      case .lastKept: .lastKept
      case .entry: .entry
      case .onClose: .onClose
      }
    }
  }

  var name: String { record(.name, placeholder: "") }
  override var description: String { record(.description, placeholder: "") }
  func reset() { record(.reset) }
  func resetCalls() { record(.resetCalls) }
  func resetStubs() { record(.resetStubs) }
  override func keep<Value>(_ value: Value, as name: String) { record(.keep(name: name)) }
  override func lastKept<Value>(_ name: String, as type: Value.Type) -> Value? {
    record(.lastKept, placeholder: nil)
  }
  func entry(at page: Int) -> String { record(.entry(at: page), placeholder: "") }
  func onClose(_ handler: @escaping @Sendable (Bool) -> Void) {
    super.keep(handler, as: "onClose.handler")
    record(.onClose)
  }

  var onCloseHandler: (@Sendable (Bool) -> Void)? { super.lastKept("onClose.handler") }
}
