import Foundation
import Testing

/// Recognizes errors whose failure the library (or Swift Testing) already reported, however the
/// code under test wrapped them.
///
/// A spy's throwing method that has no answer fails the test, then throws — Swift Testing's
/// `ExpectationFailedError` on the test's task, `UnstubbedCallError` elsewhere — to stop the
/// code under test. App code often wraps what its dependencies throw
/// (`throw CheckoutError.storage(error)`); the test then throws an error the runner does not
/// know, and would report the same unstubbed call a second time, as a dump of the wrapped
/// error. The same holds for a request no stub of a `TestNetwork` answers
/// (`UnansweredRequestError`) and one the `RealNetworkGuard` stopped. The isolation trait and
/// `IsolatedSharedTestCase` drop an error the test throws when it is, or wraps, one of these:
/// its failure is already in the test's results.
package enum ReportedFailures {
  /// Marks an `NSError` (a `URLError`) the library fails a request with after it reported the
  /// failure itself: the test network's and the real-network guard's.
  package static let userInfoKey = "SharedInstancesReportedFailure"

  /// Whether `error` is, or holds somewhere inside it, an error whose failure was reported.
  ///
  /// Looks through the stored properties and enum payloads of `error` (and `NSError`'s
  /// underlying error) a few levels deep, the way app code nests errors.
  package static func contain(_ error: any Error) -> Bool {
    var budget = 256
    return contain(error as Any, depth: 0, budget: &budget)
  }

  private static func contain(_ value: Any, depth: Int, budget: inout Int) -> Bool {
    budget -= 1
    guard budget >= 0, depth <= 8 else { return false }
    if value is any ReportedFailure || value is ExpectationFailedError { return true }
    if let error = value as? NSError {
      if error.userInfo[userInfoKey] != nil { return true }
      if let underlying = error.userInfo[NSUnderlyingErrorKey],
        contain(underlying, depth: depth + 1, budget: &budget)
      {
        return true
      }
    }
    for child in Mirror(reflecting: value).children
    where contain(child.value, depth: depth + 1, budget: &budget) {
      return true
    }
    return false
  }
}

/// An error the library throws after it reported its failure itself (an unstubbed call, an
/// unanswered request): the modules that throw one mark its type with this protocol, so that
/// ``ReportedFailures`` recognizes it without knowing those modules.
package protocol ReportedFailure: Error {}
