import Foundation
import ImageDownloadingExample
import SharedInstances
import SharedInstancesTesting
import Testing

/// The image view with its downloader passed in. `.strict` fails a test whose code reads a
/// shared instance the test did not override: the article's hidden `NetworkManager.shared`
/// would fail here; the refactored view passes.
@MainActor @Suite(.isolatedShared([.strict, .recordsDependencies]), .timeLimit(.minutes(1)))
struct ImageViewTests {
  let url = URL(string: "https://example.com/cat.png")!

  @Test func asksTheInjectedDownloaderForTheImage() async {
    let downloader = ImageDownloaderSpy()
    downloader.stub(.downloadImage, returning: Image.cat)

    ImageView().downloadImage(from: url, imageDownloader: downloader)

    await downloader.waitUntilCalled(.downloadImage)  // recorded; the completion comes later
    #expect(downloader.calls == [.downloadImage(from: url)])
    #expect(SharedScope.current.touchedInstances.isEmpty, "no hidden shared instance")
  }

  @Test func showsTheImageOnceTheDownloadCompletes() async {
    let downloader = ImageDownloaderSpy()
    downloader.stub(.downloadImage, returning: Image.cat)
    let imageView = ImageView()

    await withCheckedContinuation { shown in
      imageView.downloadImage(from: url, imageDownloader: downloader) { shown.resume() }
      #expect(imageView.image == nil, "the download completes later, on another thread")
    }

    #expect(imageView.image == .cat)
  }
}

/// The real downloader, on a file so that the test needs no network: it completes on another
/// thread too.
@Suite(.timeLimit(.minutes(1))) struct NetworkManagerTests {
  @Test func downloadsTheFileAtTheURL() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("SharedInstancesExamples-\(UUID().uuidString).png")
    try Data("cat".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    let image = await withCheckedContinuation { done in
      NetworkManager().downloadImage(from: file) { done.resume(returning: $0) }
    }

    #expect(image == .cat)
  }
}
