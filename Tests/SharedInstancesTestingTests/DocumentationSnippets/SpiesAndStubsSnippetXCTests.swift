import Foundation
import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import XCTest

/// SpiesAndStubs.md, XCTest: assertions and a blocking wait.
final class SpiesAndStubsSnippetXCTests: XCTestCase {
  typealias FileStoreSpy = Docs.Spies.FileStoreSpy
  typealias ImageDownloaderSpy = Docs.Spies.ImageDownloaderSpy
  typealias ImageView = Docs.Spies.ImageView

  func testAssertionsOnWhatWasRecorded() throws {
    let spy = FileStoreSpy()
    spy.stub(.open, returning: "contents")
    spy.refresh()
    _ = try spy.open(id: 3)
    XCTAssertEqual(spy.calls, [.refresh, .open(id: 3)])
    XCTAssertTrue(spy.wasCalled(.refresh), "\(spy)")
  }

  func testShowsTheDownloadedImage() {
    let downloader = ImageDownloaderSpy()
    downloader.stub(.downloadImage, returning: Docs.Spies.Image.cat)
    let imageView = ImageView()
    imageView.downloadImage(from: Docs.Spies.catURL, imageDownloader: downloader)
    XCTAssertTrue(downloader.waitUntilCalled(.downloadImage, timeout: .seconds(1)))
  }
}
