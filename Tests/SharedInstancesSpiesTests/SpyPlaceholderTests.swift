import Foundation
import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import Testing

/// An unstubbed call whose result has a placeholder fails the test and goes on: standard library
/// and Foundation types, types the user marks, typed throws. One
/// unstubbed call is one reported failure, however the app wraps the spy's error.
@Suite struct SpyPlaceholderTests {
  @Test func anUnstubbedCallReturningAUUIDFailsTheTestAndReturnsZeros() {
    let spy = OrderSpy()
    var id: UUID?
    withKnownIssue {
      id = spy.nextID()
    } matching: { issue in
      let text = text(of: issue)
      return text.contains("Unstubbed call: OrderSpy.nextID received nextID")
        && text.contains("must return UUID")
        && text.contains("spy.stub(.nextID, returning: …)")
    }
    #expect(id == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    #expect(spy.calls == [.nextID])
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func everyLibraryPlaceholderIsTheDocumentedValue() {
    #expect(UUID.spyPlaceholder.uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(Date.spyPlaceholder.timeIntervalSinceReferenceDate == 0)
    #expect(URL.spyPlaceholder.absoluteString == "about:blank")
    #expect(Data.spyPlaceholder.isEmpty)
    #expect(Decimal.spyPlaceholder == 0)
    #expect([Int].spyPlaceholder.isEmpty && Set<Int>.spyPlaceholder.isEmpty)
    #expect([String: Int].spyPlaceholder.isEmpty)
    #expect(Int?.spyPlaceholder == nil)
    #expect(Duration.spyPlaceholder == .zero)
    #expect(TimeZone.spyPlaceholder.secondsFromGMT() == 0)
    #expect(Locale.spyPlaceholder.identifier == "en_US_POSIX")
    #expect(Calendar.spyPlaceholder.identifier == .gregorian)
    #expect(String.spyPlaceholder.isEmpty && !Bool.spyPlaceholder && Int64.spyPlaceholder == 0)
  }

  @Test func aTypeTheUserMarksIsReturnedFromAnUnstubbedCall() {
    let spy = OrderSpy()
    var number: OrderNumber?
    withKnownIssue {
      number = spy.nextNumber()
    } matching: { issue in
      text(of: issue).contains("must return OrderNumber")
    }
    #expect(number == OrderNumber(rawValue: -1))
  }

  @Test func aStubbedCallStillAnswersWithTheStub() {
    let spy = OrderSpy()
    let id = UUID()
    spy.stub(.nextID, returning: id)
    #expect(spy.nextID() == id)
  }

  @Test func aStubbedErrorInAMethodThatCannotThrowFailsAndReturnsThePlaceholder() {
    let spy = OrderSpy()
    spy.stub(.nextID, throwing: CancellationError())
    var id: UUID?
    withKnownIssue {
      id = spy.nextID()
    } matching: { issue in
      text(of: issue).contains("It ended with CancellationError(), which the method cannot throw")
    }
    #expect(id == UUID.spyPlaceholder)
  }

  @Test func aTypedThrowWithAnUnstubbedCallReturnsTheResultsPlaceholder() throws {
    let spy = OrderSpy()
    var total: Decimal?
    try withKnownIssue {
      total = try spy.total(of: OrderNumber(rawValue: 4))
    } matching: { issue in
      text(of: issue).contains("Unstubbed call: OrderSpy.total received total(of:")
    }
    #expect(total == 0)
  }

  @Test func aTypedThrowWhoseErrorHasAPlaceholderThrowsIt() throws {
    let spy = OrderSpy()
    withKnownIssue {
      #expect(throws: OrderFailure.unavailable) { try spy.receipt(for: OrderNumber(rawValue: 4)) }
    } matching: { issue in
      text(of: issue).contains("must return Receipt")
    }
  }

  @Test func aStubbedErrorOfTheWrongTypeInATypedThrowFailsOnce() throws {
    let spy = OrderSpy()
    spy.stub(.total, throwing: CancellationError())
    let issues = Protected(0)
    var total: Decimal?
    try withKnownIssue {
      total = try spy.total(of: OrderNumber(rawValue: 1))
    } matching: { issue in
      issues.withLock { $0 += 1 }
      return text(of: issue).contains("It ended with CancellationError()")
    }
    #expect(total == 0)
    #expect(issues.withLock { $0 } == 1)
  }

  // MARK: - One failure per unstubbed call

  @Test func anUnstubbedCallWrappedByTheAppIsReportedOnceInAnIsolatedTest() async throws {
    let spy = OrderSpy()
    let service = CheckoutService(orders: spy)
    let issues = Protected<[String]>([])
    let test = try #require(Test.current)
    try await withKnownIssue {
      // The trait as Swift Testing runs it: the test throws the app's wrapping error.
      try await IsolatedSharedTrait.isolatedShared.provideScope(
        for: test,
        testCase: Test.Case.current,
        performing: { try service.checkOut() }
      )
    } matching: { issue in
      issues.withLock { $0.append(text(of: issue)) }
      return true
    }
    let reported = issues.withLock { $0 }
    #expect(reported.count == 1, "\(reported)")
    #expect(reported.first?.contains("Unstubbed call: OrderSpy.submit received submit") == true)
  }

  @Test func anErrorTheTestThrowsForAnotherReasonStillReachesTheRunner() async throws {
    let test = try #require(Test.current)
    await #expect(throws: CheckoutError.self) {
      try await IsolatedSharedTrait.isolatedShared.provideScope(
        for: test,
        testCase: Test.Case.current,
        performing: { throw CheckoutError.storage(CancellationError()) }
      )
    }
  }
}

// MARK: - Fixtures

private struct OrderNumber: Hashable, Sendable, SpyPlaceholder {
  let rawValue: Int
  static var spyPlaceholder: OrderNumber { OrderNumber(rawValue: -1) }
}

private struct Receipt: Sendable {
  let text: String
}

private enum OrderFailure: Error, Equatable, SpyPlaceholder {
  case unavailable
  case declined
  static var spyPlaceholder: OrderFailure { .unavailable }
}

private enum CheckoutError: Error {
  case storage(any Error)
}

private protocol Orders: Sendable {
  func submit() throws -> OrderNumber
}

/// App code that wraps every error of its dependency, as real code often does.
private struct CheckoutService: Sendable {
  let orders: any Orders

  func checkOut() throws {
    do {
      _ = try orders.submit()
    } catch {
      throw CheckoutError.storage(error)
    }
  }
}

private final class OrderSpy: Spy<OrderSpy.Call>, Orders, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case nextID
    case nextNumber
    case total(of: OrderNumber)
    case receipt(for: OrderNumber)
    case submit

    enum Method { case nextID, nextNumber, total, receipt, submit }
    var method: Method {
      switch self {
      case .nextID: .nextID
      case .nextNumber: .nextNumber
      case .total: .total
      case .receipt: .receipt
      case .submit: .submit
      }
    }
  }

  func nextID() -> UUID { recordStubbed(.nextID) }
  func nextNumber() -> OrderNumber { recordStubbed(.nextNumber) }
  func total(of number: OrderNumber) throws(OrderFailure) -> Decimal {
    try recordThrowing(.total(of: number), as: OrderFailure.self)
  }
  func receipt(for number: OrderNumber) throws(OrderFailure) -> Receipt {
    try recordThrowing(.receipt(for: number), as: OrderFailure.self)
  }
  func submit() throws -> OrderNumber { try recordThrowing(.submit) }
}
