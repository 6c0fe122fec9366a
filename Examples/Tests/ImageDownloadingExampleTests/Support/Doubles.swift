import Dispatch
import Foundation
import ImageDownloadingExample
import SharedInstancesTesting

/// A double of `ImageDownloading`, inheriting from `Spy`: it records each request and, like the
/// real downloader, completes later on another thread with the image the test stubbed.
final class ImageDownloaderSpy: Spy<ImageDownloaderSpy.Call>, ImageDownloading,
  @unchecked Sendable
{
  // @unchecked: no state of its own; everything is in the spy, behind its lock.
  enum Call: SpyCall {
    case downloadImage(from: URL)

    enum Method { case downloadImage }
    var method: Method { .downloadImage }
  }

  func downloadImage(from url: URL, completion: @escaping @Sendable (Image) -> Void) {
    let image = record(.downloadImage(from: url), placeholder: Image(data: Data()))
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { completion(image) }
  }
}

/// A double of `CurrentUserProviding` that answers with the user the test stubbed.
final class UserProviderSpy: Spy<UserProviderSpy.Call>, CurrentUserProviding, @unchecked Sendable {
  // @unchecked: no state of its own; everything is in the spy, behind its lock.
  enum Call: SpyCall { case currentUser }

  func currentUser() -> User? { record(.currentUser, default: nil) }
}

extension User {
  static let ada = User(id: 1, name: "Ada", avatarURL: URL(string: "https://example.com/ada.png")!)
  static let alan = User(
    id: 2,
    name: "Alan",
    avatarURL: URL(string: "https://example.com/alan.png")!
  )
}

extension Image {
  static let cat = Image(data: Data("cat".utf8))
}
