import Foundation
import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import Testing

/// SpiesAndStubs.md: the article's doubles and calls, compiled.
extension Docs.Spies {
  @Suite struct SpiesAndStubsSnippets {
    @Test func callsCompareAsWholeHistories() throws {
      let spy = FileStoreSpy()
      spy.stub(.open, returning: "contents")
      spy.refresh()
      _ = try spy.open(id: 3)
      #expect(spy.calls == [.refresh, .open(id: 3)])
    }

    @Test(.isolatedShared) func viewDidLoadDoesSomethingImportant() {
      let stub = ScaryStub()
      ScarySingleton.shared.override(with: stub)  // a Resettable shared instance
      ViewController().viewDidLoad()
      #expect(stub.spy.calls == [.doSomethingImportant])
      #expect(stub.spy.spyName == "ScaryStub")
    }

    @Test func eachRecordVariantAnswersAsTheTableSays() async throws {
      let spy = FileStoreSpy()
      spy.refresh()  // nothing stubbed: returns
      #expect(spy.currentUser() == nil)  // nothing stubbed: the default
      withKnownIssue {
        #expect(spy.balance() == 0)  // nothing stubbed: a failure, then the placeholder
      }
      withKnownIssue {
        // Fails the test once, the way `#require` does, and stops the code under test.
        #expect(throws: ExpectationFailedError.self) { try spy.open(id: 3) }
      } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("Unstubbed call: FileStoreSpy.open") }
      }
      spy.stub(.fetch, returning: [Docs.Article(title: "A")])
      #expect(try await spy.fetch() == [Docs.Article(title: "A")])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func argumentsAreMatchedWithAPredicate() async throws {
      let spy = FileStoreSpy()
      spy.stub(.open, returning: "small")
      spy.stub(
        .open,
        where: { if case .open(let id) = $0 { id > 3 } else { false } },
        returning: "large"
      )
      #expect(try spy.open(id: 4) == "large")
      #expect(try spy.open(id: 1) == "small")

      #expect(spy.callCount { if case .open(let id) = $0 { id > 3 } else { false } } == 1)
      #expect(spy.calls { if case .open(let id) = $0 { id > 3 } else { false } } == [.open(id: 4)])

      #expect(
        await spy.waitUntilCalled(timeout: .seconds(2)) { call in
          if case .open(let id) = call { id > 3 } else { false }
        }
      )
      spy.refresh()
      #expect(await spy.waitUntilCalled(.refresh, timeout: .milliseconds(300)))
    }

    @Test func stubsAnswerInOrderOfPrecedence() throws {
      let spy = FileStoreSpy()
      spy.stub(.open, returning: "contents")  // every call
      #expect(try spy.open(id: 1) == "contents")

      spy.stub(.nextPage, returning: [1, 2], [3], [])  // in order; the last one repeats
      #expect(spy.nextPage() == [1, 2])
      #expect(spy.nextPage() == [3])
      #expect(spy.nextPage() == [])
      #expect(spy.nextPage() == [])

      spy.stub(.open) { call in  // computed from the arguments
        guard case .open(let id) = call else { return "" }
        return "file \(id)"
      }
      #expect(try spy.open(id: 7) == "file 7")  // the closure wins over the values

      spy.stub(.open, throwing: CocoaError(.fileNoSuchFile))  // thrown by recordThrowing
      #expect(throws: CocoaError.self) { try spy.open(id: 7) }  // the error wins over both

      spy.resetStubs(for: .open)
      spy.stub(.open, returning: "contents")
      #expect(try spy.open(id: 1) == "contents")
    }

    @Test func assertionsOnWhatWasRecorded() throws {
      let spy = FileStoreSpy()
      spy.stub(.open, returning: "contents")
      spy.refresh()
      _ = try spy.open(id: 3)

      #expect(spy.calls == [.refresh, .open(id: 3)])  // everything, in order
      #expect(spy.calls(to: .open) == [.open(id: 3)])  // one method, with arguments
      #expect(spy.callCount(to: .refresh) == 1)
      #expect(spy.wasCalled(.refresh))
      #expect(spy.lastCall(to: .open) == .open(id: 3))
      guard case .open(let id) = spy.lastCall(to: .open) else { return }
      #expect(id == 3)
      #expect("\(spy)" == "FileStoreSpy recorded 2 calls: [refresh, open(id: 3)]")

      spy.resetSpyCalls()
      #expect(spy.calls.isEmpty)
      #expect(try spy.open(id: 4) == "contents")  // stubs kept
    }

    @Test func showsTheDownloadedImage() async {
      let downloader = ImageDownloaderSpy()
      downloader.stub(.downloadImage, returning: Image.cat)
      let imageView = ImageView()
      imageView.downloadImage(from: catURL, imageDownloader: downloader)

      await downloader.waitUntilCalled(.downloadImage)
      #expect(downloader.calls == [.downloadImage(from: catURL)])
    }
  }
}

// MARK: - Fixtures: the article's code

extension Docs {
  /// The spy article's types, apart from the other articles'.
  enum Spies {}
}

extension Docs.Spies {
  struct Image: Equatable, Sendable {
    let name: String
    static let empty = Image(name: "")
    static let cat = Image(name: "cat")
  }

  static let catURL = URL(string: "https://example.com/cat.png")!

  protocol ImageDownloading: Sendable {
    func downloadImage(from url: URL, completion: @escaping @Sendable (Image) -> Void)
  }

  final class ImageDownloaderSpy: Spy<ImageDownloaderSpy.Call>, ImageDownloading,
    @unchecked Sendable  // all state lives in the spy's lock
  {
    enum Call: SpyCall {
      case downloadImage(from: URL)

      enum Method { case downloadImage }
      var method: Method { .downloadImage }
    }

    func downloadImage(from url: URL, completion: @escaping @Sendable (Image) -> Void) {
      let image = record(.downloadImage(from: url), placeholder: Image.empty)
      DispatchQueue.global().async { completion(image) }
    }
  }

  final class ImageView: @unchecked Sendable {
    // @unchecked: `image` is only set under `lock`.
    private let lock = NSLock()
    private var storedImage: Image?
    var image: Image? { lock.withLock { storedImage } }

    func downloadImage(from url: URL, imageDownloader: any ImageDownloading) {
      imageDownloader.downloadImage(from: url) { image in
        self.lock.withLock { self.storedImage = image }
      }
    }
  }

  class ScarySingleton: @unchecked Sendable {
    // @unchecked: no state of its own.
    static let shared = Resettable { ScarySingleton() }
    func doSomethingImportant() {}
  }

  final class ScaryStub: ScarySingleton, @unchecked Sendable {  // its state is the spy
    enum Call: SpyCall { case doSomethingImportant }
    let spy = Spy<Call>()

    override func doSomethingImportant() { spy.record(.doSomethingImportant) }
  }

  struct ViewController {
    func viewDidLoad() { ScarySingleton.shared.value.doSomethingImportant() }
  }

  struct User: Equatable, Sendable {
    let name: String
  }

  final class FileStoreSpy: Spy<FileStoreSpy.Call>, @unchecked Sendable {
    // @unchecked: all state lives in the spy's lock.
    enum Call: SpyCall {
      case refresh
      case open(id: Int)
      case currentUser
      case balance
      case fetch
      case nextPage

      enum Method { case refresh, open, currentUser, balance, fetch, nextPage }
      var method: Method {
        switch self {
        case .refresh: .refresh
        case .open: .open
        case .currentUser: .currentUser
        case .balance: .balance
        case .fetch: .fetch
        case .nextPage: .nextPage
        }
      }
    }

    func refresh() { record(.refresh) }
    func currentUser() -> User? { record(.currentUser, default: nil) }
    func balance() -> Decimal { record(.balance, placeholder: 0) }
    func open(id: Int) throws -> String { try recordThrowing(.open(id: id)) }
    func fetch() async throws -> [Docs.Article] { try recordThrowing(.fetch) }
    func nextPage() -> [Int] { record(.nextPage, default: []) }
  }
}
