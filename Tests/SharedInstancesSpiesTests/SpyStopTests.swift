import Foundation
import SharedInstancesTesting
import TestSupport
import Testing

/// What generated spies do when a method has neither a value nor an error it may return, and
/// neither the result type nor the error type has a placeholder (``SpyPlaceholder``): fail the
/// test, then stop the test process with a message that names the test.
@Suite(TimeLimits.waiting) struct SpyStopTests {
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func anUnstubbedCallWithNoPlaceholderFailsThenStops() async {
      let result = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) {
        _ = DocumentSpy().current()
      }
      let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      // First the failure, then the stop. (An exit test's body runs with no current test, so
      // here the messages cannot name one; in a normal run they name the test that created the
      // spy, as SpyFailureTests checks.)
      #expect(standardError.contains("Unstubbed call: DocumentSpy.current received current"))
      #expect(standardError.contains("must return Document, but the test stubbed no value"))
      #expect(standardError.contains("Fatal error: DocumentSpy.current received current"))
      #expect(standardError.contains("spy.stub(.current, returning: …)"))
    }
  #endif

  @Test func aStubbedCallWithNoPlaceholderAnswers() {
    let spy = DocumentSpy()
    spy.stub(.current, returning: Document(title: "a"))
    #expect(spy.current().title == "a")
  }

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aTypedThrowThrowsItsStubbedErrorAndStopsOnAnyOther() async throws {
      let spy = DocumentSpy()
      spy.stub(.parse, throwing: ParseFailure.empty)
      #expect(throws: ParseFailure.empty) { try spy.parse("") }
      let result = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) {
        let spy = DocumentSpy()
        spy.stub(.parse, throwing: CancellationError())
        _ = try? spy.parse("x")
      }
      let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(standardError.contains("It ended with CancellationError()"))
    }
  #endif
}

// MARK: - Fixtures

private struct Document: Sendable {
  let title: String
}

private enum ParseFailure: Error, Equatable {
  case empty
}

private final class DocumentSpy: Spy<DocumentSpy.Call>, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case current
    case parse(text: String)

    enum Method { case current, parse }
    var method: Method {
      switch self {
      case .current: .current
      case .parse: .parse
      }
    }
  }

  func current() -> Document { recordStubbed(.current) }
  func parse(_ text: String) throws(ParseFailure) -> Document {
    try recordThrowing(.parse(text: text), as: ParseFailure.self)
  }
}
