import Dispatch
import Foundation
import ImageDownloadingExample
import SharedInstancesTesting

/// A double of `ImageDownloading`, inheriting from `Spy`: it records each request and, like the
/// real downloader, completes later on another thread with the image the test stubbed.
///
/// Written by hand, to show both ways: a generated spy keeps the completion handler for the test
/// to call (see Spies/CurrentUserProvidingSpy.swift for a generated one), while this one calls
/// it itself, as the real downloader does.
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
