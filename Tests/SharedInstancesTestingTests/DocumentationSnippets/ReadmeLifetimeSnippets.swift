import SharedInstances
import SharedInstancesTesting
import Testing

/// README, "Instances with a limited lifetime": a `SharedLifetime` ends the session at once.
extension Docs.Readme {
  @Suite struct ReadmeLifetimeSnippets {
    @Test(.isolatedShared) func signingOutEndsEveryInstanceOfTheSession() {
      SignedInSession.currentUser.set(User(name: "Ada"))
      let cart = SignedInSession.cart.value

      SignedInSession.lifetime.end()  // user and cart are gone

      #expect(SignedInSession.currentUser.currentValue == nil)
      #expect(SignedInSession.cart.value !== cart)  // the next read makes a new one
    }
  }

  final class Cart: Sendable {}

  enum SignedInSession {
    static let lifetime = SharedLifetime("session")
    static let currentUser = Resettable<User>.empty(in: lifetime)
    static let cart = Resettable(in: lifetime) { Cart() }
  }
}
