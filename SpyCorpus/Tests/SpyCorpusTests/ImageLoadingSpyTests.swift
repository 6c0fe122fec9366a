import Foundation
import SharedInstancesTesting
import SpyCorpus
import Testing

/// Closures, `inout` and variadic parameters, and values that are not `Equatable`.
@Suite struct ImageLoadingSpyTests {
  @Test func theTestCallsTheKeptCompletionHandler() async {
    let spy = ImageLoadingSpy()
    let url = URL(string: "https://example.com/cat.png")!
    let received = Box()
    spy.load(from: url) { data in received.set(data) }
    #expect(spy.calls == [.load(from: url)])
    spy.loadCompletion?(Data([1, 2]))
    #expect(received.value == Data([1, 2]))
  }

  @Test func inoutAndVariadicArgumentsAreRecordedAsValues() {
    let spy = ImageLoadingSpy()
    var values = [1, 2]
    spy.transform(&values)
    spy.tag("a", "b")
    #expect(spy.calls == [.transform(values: [1, 2]), .tag(tags: ["a", "b"])])
  }

  @Test func aNonEscapingClosureIsLeftOut() {
    let spy = ImageLoadingSpy()
    spy.prefetch([]) { _ in }
    #expect(spy.calls == [.prefetch(urls: [])])
  }

  @Test func aValueThatIsNotEquatableIsKeptAndNeverSaidEqual() {
    let spy = ImageLoadingSpy()
    spy.cache(Picture(pixels: [9]))
    // `==` cannot compare two pictures: an assertion on them fails rather than passing.
    #expect(spy.calls != [.cache(image: NotCompared(Picture(pixels: [])))])
    #expect(spy.calls != [.cache(image: NotCompared(Picture(pixels: [9])))])
    #expect("\(spy.calls)".contains("not compared by =="))
    guard case .cache(let image) = spy.lastCall(to: .cache) else {
      Issue.record("no call to cache")
      return
    }
    #expect(image.value.pixels == [9])
  }
}

/// Holds what a completion handler received.
final class Box: @unchecked Sendable {
  // @unchecked: `lock` guards `data`.
  private let lock = NSLock()
  private var data: Data?
  var value: Data? { lock.withLock { data } }
  func set(_ data: Data) { lock.withLock { self.data = data } }
}
