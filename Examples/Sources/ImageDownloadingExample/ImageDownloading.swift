import Foundation
import SharedInstances

/// Article 000, "Singleton, Service Locator and tests in iOS", with its three fixes in place.
///
/// The article names three problems and their fixes:
///
/// 1. **A hidden singleton.** `UIImageView.downloadImage(from:)` calls `NetworkManager.shared`
///    inside, with no completion: a reader cannot see the dependency, a test cannot stop the
///    network call, and nobody knows when the image arrives. Fix: the ``ImageDownloading``
///    protocol, passed in explicitly (``ImageView/downloadImage(from:imageDownloader:completion:)``),
///    with a completion. Tests pass a spy that completes on another thread and wait for it.
/// 2. **A singleton with a limited lifetime.** The current user exists only while someone is
///    signed in. Fix: ``Session/currentUser`` is an empty `Resettable`, set at sign-in and read
///    with `currentValue` or `require()`; it is declared in the session's `SharedLifetime`,
///    with everything else that belongs to the user (``Session/profileDraft``), and sign-out
///    ends them all with one call.
/// 3. **A service locator reached statically.** Fix: no static locator. ``AppDelegate`` owns a
///    `ServiceLocator` and passes it to factories as `any ServiceLocating`
///    (``EditProfileFactory``); the screens they create receive their services and never see
///    the locator.
public protocol ImageDownloading: Sendable {
  /// Downloads an image, calling `completion` later, on some other thread.
  func downloadImage(from url: URL, completion: @escaping @Sendable (Image) -> Void)
}

/// The app's network layer: a singleton that, after this refactoring, only the app's start-up
/// code names.
public final class NetworkManager: ImageDownloading {
  /// The app's network manager. Isolated tests must replace it: a read of the real one fails
  /// the test, so no test reaches the network by accident.
  public static let shared = Resettable(inTests: .required) { NetworkManager() }

  private let queue = DispatchQueue(label: "NetworkManager", attributes: .concurrent)

  public init() {}

  public func downloadImage(from url: URL, completion: @escaping @Sendable (Image) -> Void) {
    queue.async {
      completion(Image(data: (try? Data(contentsOf: url)) ?? Data()))
    }
  }
}

/// A downloaded image (a `UIImage` in the article).
public struct Image: Equatable, Sendable {
  public let data: Data

  public init(data: Data) {
    self.data = data
  }
}

/// A view that shows an image (a `UIImageView` in the article).
@MainActor public final class ImageView {
  /// The image on screen, nil until a download completes.
  public private(set) var image: Image?

  public init() {}

  /// Downloads the image at `url` with `imageDownloader` and shows it.
  ///
  /// The dependency is in the signature and the end is observable: `completion` runs on the
  /// main actor once the image is on screen.
  ///
  /// - Parameters:
  ///   - url: Where the image is.
  ///   - imageDownloader: What downloads it; the app passes its `NetworkManager`.
  ///   - completion: Runs once the image is shown.
  public func downloadImage(
    from url: URL,
    imageDownloader: any ImageDownloading,
    completion: (@MainActor @Sendable () -> Void)? = nil
  ) {
    imageDownloader.downloadImage(from: url) { image in
      Task { @MainActor in
        self.image = image
        completion?()
      }
    }
  }
}
