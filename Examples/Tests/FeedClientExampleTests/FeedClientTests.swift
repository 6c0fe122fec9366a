import FeedClientExample
import Foundation
import SharedInstancesSystem
import SharedInstancesTesting
import Testing

/// The feed client against the system's doubles: each test its own network stubs, user
/// defaults, notification center and clock, all in parallel, with no `.serialized`, no real
/// request and no real sleep. Strict: a read of the real clock would fail the test.
@Suite(.isolatedShared(.strict), .timeLimit(.minutes(1))) struct FeedClientTests {
  let clock = TestClock()
  let network = SystemBoxes.urlSession.testNetwork()
  let feed = Feed(items: [.init(id: 1, title: "Hello"), .init(id: 2, title: "World")])
  let url = FeedClient.feedURL.absoluteString

  init() {
    SystemBoxes.continuousClock.override(with: clock)
  }

  @Test func aSuccessfulRefreshCachesTheFeedAndAnnouncesIt() async throws {
    network.stub(.get(url), try .json(feed))

    let fetched = try await FeedClient().refresh()

    #expect(fetched == feed)
    #expect(FeedClient().cachedFeed == feed)
    let posted = SystemBoxes.notificationCenter.postedNotifications()
    #expect(posted.map(\.name) == [.feedDidChange])
    #expect(posted.first?.object as? Feed == feed)
    #expect(network.requests.map(\.description) == ["GET \(url)"])
  }

  @Test func aRejectedRequestFailsAtOnceAndCachesNothing() async throws {
    network.stub(.get(url), .status(404))

    await #expect(throws: FeedError.rejected(status: 404)) { try await FeedClient().refresh() }

    #expect(network.requests.count == 1)
    #expect(FeedClient().cachedFeed == nil)
    #expect(SystemBoxes.notificationCenter.postedNotifications().isEmpty)
  }

  @Test func anUnavailableServerIsRetriedAfterOneThenTwoSeconds() async throws {
    network.stub(
      .get(url),
      .status(503),
      .failure(URLError(.networkConnectionLost)),
      try .json(feed)
    )
    let refreshing = Task { try await FeedClient().refresh() }

    await clock.waitForSleepers(count: 1)  // the first attempt failed
    #expect(network.requests.count == 1)
    #expect(clock.nextDeadline?.offset == .seconds(1))
    await clock.advance(by: .seconds(1))

    await clock.waitForSleepers(count: 1)  // the second failed too
    #expect(network.requests.count == 2)
    #expect(clock.nextDeadline?.offset == .seconds(3))
    await clock.advance(by: .seconds(2))

    #expect(try await refreshing.value == feed)
    #expect(network.requests.count == 3)
  }

  @Test func theClientGivesUpAfterThreeAttemptsAndKeepsTheCache() async throws {
    SystemBoxes.userDefaults.override(
      with: .ephemeral([FeedClient.cacheKey: try JSONEncoder().encode(feed)])
    )
    network.stub(.get(url), .status(500))
    let refreshing = Task { try await FeedClient().refresh() }

    // Every back-off, then the end: after each wake the clock waits for the client's next sleep
    // or its end, however long the network stub's answer takes on a busy machine.
    await clock.run(until: refreshing)

    await #expect(throws: FeedError.unavailable(attempts: 3)) { try await refreshing.value }
    #expect(network.requests.count == 3)
    #expect(FeedClient().cachedFeed == feed)
  }

  @Test func anUnchangedFeedIsNotAnnouncedAgain() async throws {
    SystemBoxes.userDefaults.override(
      with: .ephemeral([FeedClient.cacheKey: try JSONEncoder().encode(feed)])
    )
    var changed = feed
    changed.items.append(.init(id: 3, title: "New"))
    network.stub(.get(url), try .json(feed), try .json(changed))

    try await FeedClient().refresh()  // the cached feed again
    #expect(SystemBoxes.notificationCenter.postedNotifications().isEmpty)

    try await FeedClient().refresh()  // a new item
    #expect(SystemBoxes.notificationCenter.postedNotifications().map(\.name) == [.feedDidChange])
    #expect(FeedClient().cachedFeed == changed)
  }

  @Test(arguments: 0..<20) func parallelTestsEachSeeTheirOwnFeed(_ id: Int) async throws {
    let own = Feed(items: [.init(id: id, title: "Feed of test \(id)")])
    network.stub(.get(url), try .json(own))

    #expect(try await FeedClient().refresh() == own)
    #expect(FeedClient().cachedFeed == own)
    #expect(SystemBoxes.notificationCenter.postedNotifications().count == 1)
  }
}
