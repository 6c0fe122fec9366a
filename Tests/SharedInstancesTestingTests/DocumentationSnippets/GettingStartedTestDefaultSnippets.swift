import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

// MARK: - The article's declarations

protocol PaymentGateway: Sendable {
  func charge(cents: Int) -> Bool
}

/// The real gateway: it must never run in a test.
final class LivePaymentGateway: PaymentGateway {
  static let created = Locked(0)
  init() { Self.created.mutate { $0 += 1 } }
  func charge(cents: Int) -> Bool { true }
}

/// Fails the test that uses it.
final class UnimplementedPaymentGateway: PaymentGateway {
  func charge(cents: Int) -> Bool {
    Issue.record("UnimplementedPaymentGateway.charge(cents:) was called: override it")
    return false
  }
}

enum Payments {
  static let gateway = Resettable<any PaymentGateway>(
    inTests: .required(default: { UnimplementedPaymentGateway() })
  ) {
    LivePaymentGateway()
  }
}

// MARK: - Snippets

/// Getting Started, "Decide what a test gets when it does not override a box".
@Suite struct GettingStartedTestDefaultSnippets {
  @Test func aTestThatForgetsItsOverrideFailsAndNeverReachesTheRealGateway() {
    let messages = Locked<[String]>([])
    withKnownIssue {
      withIsolatedShared { _ = Payments.gateway.value.charge(cents: 1_000) }
    } matching: { issue in
      messages.mutate { $0.append(issue.comments.description) }
      return true
    }
    #expect(LivePaymentGateway.created.get() == 0)
    #expect(messages.get().count == 2)  // the forgotten override, and the use of the default
    #expect(messages.get().contains { $0.contains("without overriding it") })
    #expect(messages.get().contains { $0.contains("charge(cents:) was called") })
  }
}
