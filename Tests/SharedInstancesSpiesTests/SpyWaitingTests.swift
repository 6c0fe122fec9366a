import Foundation
import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import Testing

/// Waiting for calls that code under test makes later, on another thread.
@Suite struct SpyWaitingTests {
  @Test func waitsForACallMadeLaterOnAnotherThread() async {
    let downloader = ImageDownloaderSpy()
    downloader.stub(.downloadImage, returning: Image(name: "cat"))
    let view = ImageView()
    view.downloadImage(from: catURL, imageDownloader: downloader)

    #expect(await downloader.waitUntilCalled(.downloadImage))
    #expect(downloader.calls == [.downloadImage(from: catURL)])
  }

  @Test func returnsAtOnceWhenTheCallWasAlreadyMade() async {
    let spy = FileStoreSpy()
    spy.refresh()
    // No time to wait at all: only a call already recorded can satisfy it, with no failure.
    #expect(await spy.waitUntilCalled(.refresh, timeout: .zero))
  }

  @Test func waitsForSeveralCalls() async {
    let spy = FileStoreSpy()
    for delay in [0.01, 0.02, 0.03] {
      DispatchQueue.global().asyncAfter(deadline: .now() + delay) { spy.refresh() }
    }
    #expect(await spy.waitUntilCalled(.refresh, times: 3))
    #expect(spy.callCount(to: .refresh) >= 3)
  }

  @Test func callsToOtherMethodsDoNotEndTheWait() async {
    let spy = FileStoreSpy()
    spy.refresh()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { try? spy.delete(id: 1) }
    await withKnownIssue {
      #expect(await spy.waitUntilCalled(.owner, timeout: .milliseconds(100)) == false)
    } matching: { issue in
      text(of: issue).contains("waiting for FileStoreSpy.owner")
    }
  }

  @Test func aTimeoutFailsTheTestShowingWhatWasRecorded() async {
    let spy = FileStoreSpy()
    spy.refresh()
    await withKnownIssue {
      let arrived = await spy.waitUntilCalled(.open, times: 2, timeout: .milliseconds(50))
      #expect(!arrived)
    } matching: { issue in
      let text = text(of: issue)
      return text.contains("Timed out after 0.05 seconds waiting for FileStoreSpy.open")
        && text.contains("to be called 2 times; it was called 0 times")
        && text.contains("FileStoreSpy recorded 1 call: [refresh].")
        && issue.sourceLocation?.fileName == "SpyWaitingTests.swift"
    }
  }

  /// Ended by the cancellation, not by its 60 s timeout: a timeout would say "Timed out after
  /// 60 seconds" and not match. (No wall-clock check: under ThreadSanitizer on 2 cores the task
  /// may wait long for a thread of the cooperative pool.)
  @Test func aCancelledWaitEndsAtOnceAndSaysSo() async {
    let spy = FileStoreSpy()
    await withKnownIssue {
      let wait = Task { await spy.waitUntilCalled(.refresh, timeout: .seconds(60)) }
      wait.cancel()
      #expect(await wait.value == false)
    } matching: { issue in
      text(of: issue).contains("The wait was cancelled waiting for FileStoreSpy.refresh")
    }
  }

  @Test func manyWaitsForOneMethodAllEnd() async {
    let spy = FileStoreSpy()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) { spy.refresh() }
    let results = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<20 { group.addTask { await spy.waitUntilCalled(.refresh) } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results == Array(repeating: true, count: 20))
  }

  @Test func theBlockingWaitWaitsForACallFromAnotherThread() {
    let spy = FileStoreSpy()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) { spy.refresh() }
    #expect(spy.waitUntilCalled(.refresh))
  }

  @Test func theBlockingWaitTimesOutWithAFailure() {
    let spy = FileStoreSpy()
    withKnownIssue {
      #expect(!spy.waitUntilCalled(.refresh, timeout: .milliseconds(50)))
    } matching: { issue in
      text(of: issue).contains(
        "Timed out after 0.05 seconds waiting for FileStoreSpy.refresh to be called 1 time"
      ) && issue.sourceLocation?.fileName == "SpyWaitingTests.swift"
    }
  }
}

// MARK: - Fixtures

private let catURL = URL(string: "https://example.com/cat.png")!

private struct Image: Equatable, Sendable {
  let name: String
}

/// The article's protocol in place of the hidden `NetworkManager.shared`.
private protocol ImageDownloading: Sendable {
  func downloadImage(from url: URL, completion: @escaping @Sendable (Image) -> Void)
}

/// A double that answers on another thread, as the real network code does.
private final class ImageDownloaderSpy: Spy<ImageDownloaderSpy.Call>, ImageDownloading,
  @unchecked Sendable
{
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case downloadImage(from: URL)

    enum Method { case downloadImage }
    var method: Method { .downloadImage }
  }

  func downloadImage(from url: URL, completion: @escaping @Sendable (Image) -> Void) {
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) {
      completion(self.record(.downloadImage(from: url), placeholder: Image(name: "none")))
    }
  }
}

/// The code under test: sets its image when the download completes.
private final class ImageView: Sendable {
  let image = Protected<Image?>(nil)

  func downloadImage(from url: URL, imageDownloader: any ImageDownloading) {
    imageDownloader.downloadImage(from: url) { image in
      self.image.withLock { $0 = image }
    }
  }
}
