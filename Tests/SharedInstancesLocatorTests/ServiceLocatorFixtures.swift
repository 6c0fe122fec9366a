import Foundation
import SharedInstances
import SharedInstancesLocator

/// Services for the service locator tests, namespaced so they cannot collide with the other
/// fixtures of this target.
enum LocatorFixtures {
  protocol ImageDownloading: Sendable {
    func download(_ url: String) -> String
  }

  protocol UserProviding: Sendable {
    var currentUser: String { get }
  }

  final class Downloader: ImageDownloading {
    func download(_ url: String) -> String { "image at \(url)" }
  }

  final class UserProvider: UserProviding {
    let currentUser: String
    init(_ user: String = "ada") { currentUser = user }
  }

  final class ImageCache: Sendable {
    let downloader: any ImageDownloading
    init(downloader: any ImageDownloading) { self.downloader = downloader }
  }

  /// Counts the instances alive, per test (a `Tally` of its own).
  final class Tracked: Sendable {
    let tally: Tally
    let label: String
    init(_ label: String = "", tally: Tally) {
      self.label = label
      self.tally = tally
      tally.recordCreation()
    }
    deinit { tally.recordRelease() }
  }

  struct FactoryFailure: Error, Equatable {}

  /// Two types with the same printed name, in different scopes.
  enum Billing {
    final class Client: Sendable { let scope = "billing" }
  }
  enum Shipping {
    final class Client: Sendable { let scope = "shipping" }
  }

  /// A screen factory that receives the locator explicitly, as the article's
  /// `EditProfileFactory` does, and passes services on, never the locator.
  enum EditProfileFactory {
    static func make(locator: any ServiceLocating) throws -> EditProfileViewModel {
      EditProfileViewModel(userProvider: try locator.get((any UserProviding).self))
    }
  }

  struct EditProfileViewModel {
    let userProvider: any UserProviding
    var title: String { "Edit \(userProvider.currentUser)" }
  }

  /// Counts creations and releases, thread-safely.
  final class Tally: @unchecked Sendable {
    // @unchecked: every counter is only touched while `lock` is held.
    private let lock = NSLock()
    private var createdCount = 0
    private var releasedCount = 0

    func recordCreation() { lock.withLock { createdCount += 1 } }
    func recordRelease() { lock.withLock { releasedCount += 1 } }

    var creations: Int { lock.withLock { createdCount } }
    var alive: Int { lock.withLock { createdCount - releasedCount } }
  }
}
