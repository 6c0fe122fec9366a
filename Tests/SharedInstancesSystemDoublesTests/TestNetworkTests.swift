import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `SystemBoxes.urlSession` and `TestNetwork`: each isolated test its own stubs and record of
/// requests, through the real URL loading machinery, never the network.
@Suite(TimeLimits.waiting) struct TestNetworkTests {
  let feedURL = URL(string: "https://api.example.com/feed")!

  @Test(.isolatedShared, arguments: 0..<100)
  func parallelTestsStubbingTheSameURLEachGetTheirOwnAnswer(_ value: Int) async throws {
    let network = SystemBoxes.urlSession.testNetwork()
    network.stub(.get(feedURL.absoluteString), .text("answer \(value)"))
    await Task.yield()
    let (data, response) = try await SystemBoxes.urlSession.value.data(from: feedURL)
    #expect(String(decoding: data, as: UTF8.self) == "answer \(value)")
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(network.requests.map(\.description) == ["GET \(feedURL.absoluteString)"])
  }

  @Test(.isolatedShared) func theRecordHoldsMethodURLHeadersAndBody() async throws {
    let network = SystemBoxes.urlSession.testNetwork()
    network.stub(.post(feedURL.absoluteString), .status(201, headers: ["Location": "/feed/7"]))
    var request = URLRequest(url: feedURL)
    request.httpMethod = "POST"
    request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
    request.httpBody = Data(#"{"title":"Hi"}"#.utf8)
    let (_, response) = try await SystemBoxes.urlSession.value.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    #expect(http.statusCode == 201)
    #expect(http.value(forHTTPHeaderField: "Location") == "/feed/7")
    let recorded = try #require(network.requests.first)
    #expect(recorded.method == "POST")
    #expect(recorded.url == feedURL)
    #expect(recorded.headers["Authorization"] == "Bearer secret")
    #expect(recorded.body == Data(#"{"title":"Hi"}"#.utf8))
  }

  @Test(.isolatedShared) func completionHandlersAndUploadTasksAreAnsweredToo() async throws {
    let network = SystemBoxes.urlSession.testNetwork()
    network.stub(.get(feedURL.absoluteString), .text("by completion handler"))
    network.stub(.put(feedURL.absoluteString), .status(204))
    let session = SystemBoxes.urlSession.value
    let text = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
      session.dataTask(with: feedURL) { data, _, _ in
        continuation.resume(returning: String(decoding: data ?? Data(), as: UTF8.self))
      }.resume()
    }
    #expect(text == "by completion handler")
    var upload = URLRequest(url: feedURL)
    upload.httpMethod = "PUT"
    let (_, response) = try await session.upload(for: upload, from: Data("new".utf8))
    #expect((response as? HTTPURLResponse)?.statusCode == 204)
    #expect(network.requests.map(\.method) == ["GET", "PUT"])
  }

  @Test(.isolatedShared) func matchersSelectByMethodURLPatternHeaderAndPredicate() async throws {
    let network = SystemBoxes.urlSession.testNetwork()
    let session = SystemBoxes.urlSession.value
    network.stub(.prefix("https://cdn.example.com/"), .text("prefix"))
    network.stub(try .pattern(#"/users/\d+$"#), .text("pattern"))
    network.stub(.get(feedURL.absoluteString).header("Authorization"), .text("with header"))
    network.stub(.url(feedURL.absoluteString, method: "DELETE"), .text("delete"))
    network.stub(RequestMatcher("a query") { $0.url.query == "q=1" }, .text("predicate"))

    func body(_ url: String, method: String = "GET", authorized: Bool = false) async throws
      -> String
    {
      var request = URLRequest(url: URL(string: url)!)
      request.httpMethod = method
      if authorized { request.setValue("Bearer x", forHTTPHeaderField: "Authorization") }
      return String(decoding: try await session.data(for: request).0, as: UTF8.self)
    }
    #expect(try await body("https://cdn.example.com/a.png") == "prefix")
    #expect(try await body("https://api.example.com/users/42") == "pattern")
    #expect(try await body(feedURL.absoluteString, authorized: true) == "with header")
    #expect(try await body(feedURL.absoluteString, method: "DELETE") == "delete")
    #expect(try await body("https://api.example.com/search?q=1") == "predicate")
  }

  @Test(.isolatedShared) func aSequenceAnswersInOrderThenRepeatsItsLastResponse() async throws {
    let network = SystemBoxes.urlSession.testNetwork()
    network.stub(.get(feedURL.absoluteString), .status(503), .text("one"), .text("two"))
    var statuses: [Int] = []
    var bodies: [String] = []
    for _ in 0..<4 {
      let (data, response) = try await SystemBoxes.urlSession.value.data(from: feedURL)
      statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
      bodies.append(String(decoding: data, as: UTF8.self))
    }
    #expect(statuses == [503, 200, 200, 200])
    #expect(bodies == ["", "one", "two", "two"])
  }

  @Test(.isolatedShared) func newerStubsWin() async throws {
    let network = SystemBoxes.urlSession.testNetwork()
    network.stub(.any, .text("older"))
    network.stub(.get(feedURL.absoluteString), .text("newer"))
    let (data, _) = try await SystemBoxes.urlSession.value.data(from: feedURL)
    #expect(String(decoding: data, as: UTF8.self) == "newer")
  }

  @Test(.isolatedShared) func jsonFilesAndErrorsAreAnswered() async throws {
    struct Item: Codable, Equatable { let id: Int }
    let network = SystemBoxes.urlSession.testNetwork()
    let file = SystemBoxes.directories.value.temporary.appendingPathComponent("fixture.txt")
    try Data("from a file".utf8).write(to: file)
    network.stub(.get("https://api.example.com/json"), try .json([Item(id: 1)]))
    network.stub(.get("https://api.example.com/file"), .file(file))
    network.stub(
      .get("https://api.example.com/offline"),
      .failure(URLError(.notConnectedToInternet))
    )
    let session = SystemBoxes.urlSession.value

    let (json, response) = try await session.data(
      from: URL(string: "https://api.example.com/json")!
    )
    #expect(try JSONDecoder().decode([Item].self, from: json) == [Item(id: 1)])
    #expect(
      (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")
        == "application/json"
    )
    let (text, _) = try await session.data(from: URL(string: "https://api.example.com/file")!)
    #expect(String(decoding: text, as: UTF8.self) == "from a file")
    let error = await #expect(throws: URLError.self) {
      try await session.data(from: URL(string: "https://api.example.com/offline")!)
    }
    #expect(error?.code == .notConnectedToInternet)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared) func aDelayedAnswerWaitsForTheTestClock() async throws {
    let clock = TestClock()
    SystemBoxes.continuousClock.override(with: clock)
    let network = SystemBoxes.urlSession.testNetwork()
    network.stub(.get(feedURL.absoluteString), .text("late").delayed(by: .seconds(30)))
    let session = SystemBoxes.urlSession.value
    let url = feedURL
    let loading = Task { try await session.data(from: url) }
    await clock.waitForSleepers(count: 1)
    #expect(network.requests.count == 1)
    await clock.advance(by: .seconds(30))
    let (data, _) = try await loading.value
    #expect(String(decoding: data, as: UTF8.self) == "late")
  }

  @Test func anUnansweredRequestFailsTheTestNamingItAndTheStubs() async throws {
    let messages = Locked<[String]>([])
    let thrown = Locked<(any Error)?>(nil)
    let locations = Locked<[String]>([])
    let url = feedURL
    await withKnownIssue {
      await withIsolatedShared {
        let network = SystemBoxes.urlSession.testNetwork()
        network.stub(.get("https://api.example.com/other"), .text("other"))
        do {
          _ = try await SystemBoxes.urlSession.value.data(from: url)
        } catch {
          thrown.set(error)
        }
      }
    } matching: { issue in
      messages.mutate { $0.append(issue.comments.description) }
      locations.mutate { $0.append(issue.sourceLocation?.fileName ?? "") }
      return true
    }
    #expect(thrown.get() != nil)
    #expect(locations.get() == ["TestNetworkTests.swift"])  // the stub's line, not the library
    let message = try #require(messages.get().first)
    #expect(messages.get().count == 1)
    #expect(message.contains("No stub of the test network"))
    #expect(message.contains("answers GET https://api.example.com/feed"))
    #expect(message.contains("GET https://api.example.com/other (declared at"))
  }

  #if canImport(FoundationNetworking)
    @Test func aDownloadTaskOnLinuxFailsWithAnErrorThatSaysWhy() async {
      let url = feedURL
      await withKnownIssue {
        await withIsolatedShared {
          let network = SystemBoxes.urlSession.testNetwork()
          network.stub(.any, .text("file contents"))
          await #expect(throws: URLError.self) {
            try await SystemBoxes.urlSession.value.download(from: url)
          }
          #expect(network.requests.count == 1)
        }
      } matching: { issue in
        issue.comments.description.contains("cannot answer the download task GET \(url)")
      }
    }
  #endif

  @Test func askingARealSessionForItsNetworkFailsTheTest() {
    withKnownIssue {
      withIsolatedShared {
        SystemBoxes.urlSession.set(.shared)
        let network = SystemBoxes.urlSession.testNetwork()
        #expect(SystemBoxes.urlSession.value === network.session)
      }
    } matching: { issue in
      issue.comments.description.contains("holds a real URLSession")
    }
  }

  @Test func aStrictTestGetsItsOwnNetworkWithoutAFailure() {
    withIsolatedShared(.strict) {
      #expect(SystemBoxes.urlSession.value !== URLSession.shared)
    }
  }

  @Test func outsideEveryTestTheBoxHoldsTheSharedSession() {
    #expect(SystemBoxes.urlSession.value === URLSession.shared)
  }

  @Test(.isolatedShared) func aNetworkTheTestCreatesCanBeInstalled() async throws {
    let network = TestNetwork()
    SystemBoxes.urlSession.override(with: network)
    network.stub(.any, .status(418))
    let (_, response) = try await SystemBoxes.urlSession.value.data(from: feedURL)
    #expect((response as? HTTPURLResponse)?.statusCode == 418)
    #expect(SystemBoxes.urlSession.testNetwork() === network)
    network.resetRequests()
    #expect(network.requests.isEmpty)
  }
}

/// Sessions outlive their tests: a network whose test ended gives its session back, and a later
/// test's network may take it once nothing else refers to it. The later test hears only its own
/// stubs; a session the ended test's code kept, or invalidated, is never handed out again.
@Suite(TimeLimits.waiting) struct TestNetworkReuseTests {
  let feedURL = URL(string: "https://api.example.com/feed")!

  /// One isolated test's request: its answer, and what its network recorded.
  private func answerInATest(_ text: String) async throws -> (String, [String]) {
    try await withIsolatedShared {
      let network = SystemBoxes.urlSession.testNetwork()
      network.stub(.get(feedURL.absoluteString), .text(text))
      let (data, _) = try await SystemBoxes.urlSession.value.data(from: feedURL)
      return (String(decoding: data, as: UTF8.self), network.requests.map(\.description))
    }
  }

  @Test func testsOneAfterAnotherEachHearOnlyTheirOwnStubs() async throws {
    for round in 0..<20 {
      let (answer, requests) = try await answerInATest("round \(round)")
      #expect(answer == "round \(round)")
      #expect(requests == ["GET \(feedURL.absoluteString)"])
    }
  }

  @Test func aSessionAnEndedTestKeptIsNotHandedToALaterTest() {
    let (kept, network) = withIsolatedShared {
      (SystemBoxes.urlSession.value, SystemBoxes.urlSession.testNetwork())
    }
    for _ in 0..<5 {
      withIsolatedShared { #expect(SystemBoxes.urlSession.value !== kept) }
    }
    // Still its ended test's: no later test's request reached its record.
    #expect(network.requests.isEmpty)
  }

  @Test func aSessionTheCodeUnderTestInvalidatedIsNotHandedToALaterTest() async throws {
    await withIsolatedShared { SystemBoxes.urlSession.value.invalidateAndCancel() }
    for round in 0..<5 {
      let (answer, _) = try await answerInATest("after \(round)")
      #expect(answer == "after \(round)")
    }
  }
}
