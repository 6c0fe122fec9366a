import Foundation
import SharedInstancesTesting
import SpyTestSupport
import Testing

/// How calls read in the frameworks' own failure messages.
@Suite struct SpyDescriptionTests {
  @Test func aCallDescribesItselfAsItsCaseAndArguments() {
    #expect(String(describing: FileStoreSpy.Call.open(id: 3)) == "open(id: 3)")
    #expect(String(reflecting: FileStoreSpy.Call.open(id: 3)) == "open(id: 3)")
    #expect(String(reflecting: FileStoreSpy.Call.refresh) == "refresh")
    #expect(String(reflecting: Shapes.save("a", force: true)) == #"save("a", force: true)"#)
    #expect(String(reflecting: Shapes.pair(1, 2)) == "pair(1, 2)")
    #expect(String(reflecting: Shapes.maybe(nil)) == "maybe(nil)")
    #expect(String(reflecting: Shapes.nested(.refresh)) == "nested(refresh)")
  }

  @Test func anArrayOfCallsReadsWithoutQualifiedNames() {
    let calls: [LocalSpy.Call] = [.refresh, .open(id: 3)]
    // Arrays print their elements with `debugDescription`: no module, no `(unknown context …)`.
    #expect("\(calls)" == "[refresh, open(id: 3)]")
  }

  @Test func aFailedComparisonOfCallsShowsThemPlainly() {
    let spy = FileStoreSpy()
    _ = spy.owner(of: 3)
    withKnownIssue {
      #expect(spy.calls == [.refresh])
    } matching: { issue in
      let text = "\(issue)"
      return text.contains("[owner(of: 3)]") && !text.contains("FileStoreSpy.Call")
    }
  }

  @Test func aStructCallDescribesItsFields() {
    #expect(String(reflecting: StructCall(id: 3, name: "a")) == #"StructCall(id: 3, name: "a")"#)
  }

  @Test func aCallWithItsOwnDebugDescriptionKeepsIt() {
    #expect(String(reflecting: Custom.one) == "custom one")
  }

  @Test func anArgumentThatHoldsTheSpyNamesItInsteadOfDescribingItAgain() {
    // As Stencil's `Environment` holds its loader and hands itself to the loader's methods.
    let spy = LoaderSpy()
    spy.load(name: "page", environment: Environment(loader: spy))
    let text = "\(spy)"
    #expect(text.hasPrefix("LoaderSpy recorded 1 call: [load(name: \"page\""))
    #expect(text.contains("Environment(loader: LoaderSpy)"))
  }
}

// MARK: - Fixtures

private enum Shapes: SpyCall {
  case save(String, force: Bool)
  case pair(Int, Int)
  case maybe(Int?)
  case nested(FileStoreSpy.Call)

  enum Method { case save, pair, maybe, nested }
  var method: Method {
    switch self {
    case .save: .save
    case .pair: .pair
    case .maybe: .maybe
    case .nested: .nested
    }
  }
}

private struct StructCall: SpyCall, Hashable {
  let id: Int
  let name: String
}

private enum Custom: SpyCall {
  case one
  var debugDescription: String { "custom one" }
}

/// A value that holds the spy it is handed to.
private struct Environment {
  let loader: LoaderSpy
}

private final class LoaderSpy: Spy<LoaderSpy.Call>, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case load(name: String, environment: SpyArgument<Environment>)
    enum Method { case load }
    var method: Method { .load }
  }

  func load(name: String, environment: Environment) {
    record(.load(name: name, environment: SpyArgument(environment)))
  }
}

private final class LocalSpy: Spy<LocalSpy.Call>, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case refresh
    case open(id: Int)
    enum Method { case refresh, open }
    var method: Method {
      switch self {
      case .refresh: .refresh
      case .open: .open
      }
    }
  }
}
