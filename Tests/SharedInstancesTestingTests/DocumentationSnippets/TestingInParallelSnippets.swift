import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// TestingInParallel.md: what `.isolatedShared` isolates, what escapes, and how to catch it.
extension Docs {
  @Suite(TimeLimits.waiting) struct TestingInParallelSnippets {
    // MARK: What a test's scope holds

    /// "Instances are the test's own."
    @Test(.isolatedShared) func theTestsInstancesAreItsOwn() {
      let processWide = readOnThread { ObjectIdentifier(Analytics.shared.value as AnyObject) }
      let mine = Analytics.shared.value as AnyObject
      #expect(ObjectIdentifier(mine) != processWide)
    }

    /// "The process-wide instance is untouched, and the test's own instance is released": a
    /// scope's instances go with it.
    @Test func theScopesInstancesAreReleasedWithIt() {
      let processWide = readOnThread { ObjectIdentifier(Analytics.shared.value as AnyObject) }
      weak var created: AnyObject?
      withIsolatedShared {
        let mine = Analytics.shared.value as AnyObject
        created = mine
        #expect(ObjectIdentifier(mine) != processWide)
      }
      #expect(created == nil)
      let afterwards = readOnThread { ObjectIdentifier(Analytics.shared.value as AnyObject) }
      #expect(afterwards == processWide)
    }

    /// "The scope follows the test's tasks."
    @Test(.isolatedShared) func childTasksSeeTheOverride() async {
      let spy = TrackingSpy()
      Analytics.shared.override(with: spy)
      async let fromAsyncLet: Void = Analytics.shared.value.track("async let")
      await Task { Analytics.shared.value.track("Task {}") }.value
      await withTaskGroup(of: Void.self) { group in
        group.addTask { Analytics.shared.value.track("task group") }
      }
      await fromAsyncLet
      #expect(spy.callCount(to: .track("async let")) == 1)
      #expect(spy.callCount(to: .track("Task {}")) == 1)
      #expect(spy.callCount(to: .track("task group")) == 1)
    }

    // MARK: What escapes, and carrying the scope

    /// "A thread the test did not start from its tasks sees the process-wide instance", and
    /// the test fails for it (a warning instead while another test provides the box too).
    @Test func aThreadDoesNotSeeTheOverride() {
      withKnownIssue(isIntermittent: true) {
        withIsolatedShared {
          let spy = TrackingSpy()
          Analytics.shared.override(with: spy)
          escapeOnThread { Analytics.shared.value.track("from a thread") }
          #expect(spy.calls.isEmpty)
        }
      } matching: { issue in
        "\(issue.comments)".contains("was read outside the test's tasks")
      }
    }

    /// The article's `Uploader`, which carries the scope it was called in.
    @Test(.isolatedShared) func carriedIntoDispatchQueue() async {
      let spy = TrackingSpy()
      Analytics.shared.override(with: spy)
      await withCheckedContinuation { done in
        Uploader().upload { done.resume() }
      }
      #expect(spy.calls == [.track("uploaded")])
    }

    @Test(.isolatedShared) func carriedIntoThreadsDetachedTasksAndObservers() async {
      let spy = TrackingSpy()
      Analytics.shared.override(with: spy)
      let scope = SharedScope.current

      readOnThread { scope.run { Analytics.shared.value.track("thread") } }
      await Task.detached { scope.run { Analytics.shared.value.track("detached") } }.value

      let center = NotificationCenter()
      let observer = center.addObserver(
        forName: .snippetDidSignIn,
        object: nil,
        queue: nil,
        using: scope.bind { (_: Notification) in Analytics.shared.value.track("signed in") }
      )
      readOnThread { center.post(name: .snippetDidSignIn, object: nil) }
      center.removeObserver(observer)

      #expect(spy.calls == [.track("thread"), .track("detached"), .track("signed in")])
    }

    // MARK: Process-wide tests

    /// "Code that hops threads on its own sees the override."
    @Test(.isolatedShared(.processWide)) func syncReportsItsProgress() async {
      let spy = TrackingSpy()
      Metrics.shared.override(with: spy)
      await withCheckedContinuation { done in
        Syncer().sync { done.resume() }
      }
      #expect(spy.calls == [.track("synced")])
    }

    /// "A process-wide test captures only the boxes it touched: a box it has not touched yet is
    /// read process-wide from other threads."
    @Test(.isolatedShared(.processWide)) func onlyTouchedBoxesAreCaptured() {
      let fromThread = escapeOnThread { Connectivity.shared.value }  // not touched yet
      let fromTest = Connectivity.shared.value  // now the test's own instance
      #expect(fromThread !== fromTest)
      #expect(escapeOnThread { Connectivity.shared.value } === fromTest)  // captured now
    }

    // MARK: Declaring overrides on the trait, and nesting

    @Suite(
      .isolatedShared { Analytics.shared.override(with: TrackingSpy()) },
      TimeLimits.waiting
    )
    struct DashboardTests {
      @Test func startsFromTheSuitesSpy() {
        #expect(Analytics.shared.isOverridden)
      }

      @Test(.isolatedShared { ArticleManager.shared.override(with: ArticleManagerSpy()) })
      func aTestTraitNestsInsideTheSuites() {
        #expect(Analytics.shared.isOverridden)  // from the suite
        #expect(ArticleManager.shared.isOverridden)  // from the test
      }

      @Test(.isolatedShared) func aNestedScopeStartsFromItsParent() {
        let outer = Analytics.shared.value as AnyObject
        withIsolatedShared {
          #expect(Analytics.shared.value as AnyObject === outer)
          Analytics.shared.reset()
          #expect(Analytics.shared.value as AnyObject !== outer)
        }
        #expect(Analytics.shared.value as AnyObject === outer)
      }
    }

    // MARK: Strict mode and the record of touched shared instances

    @Test(.isolatedShared(.strict)) func dashboardDeclaresEveryDependency() {
      ArticleManager.shared.override(with: ArticleManagerSpy())
      Analytics.shared.override(with: TrackingSpy())
      #expect(DashboardModel().summary == "0 articles")
    }

    @Test(.isolatedShared(.strict)) func aHiddenDependencyFailsAStrictTest() {
      ArticleManager.shared.override(with: ArticleManagerSpy())
      withKnownIssue {
        _ = DashboardModel().summary  // also reads Analytics.shared
      } matching: { issue in
        let message = issue.comments.map(\.rawValue).joined()
        return message.contains("Strict test aHiddenDependencyFailsAStrictTest() read the real")
          && message.contains("Tracking")
      }
    }

    @Test(.isolatedShared) func theRecordListsHiddenDependencies() {
      ArticleManager.shared.override(with: ArticleManagerSpy())
      _ = DashboardModel().summary

      let touched = SharedScope.current.touchedInstances
      let hidden = touched.filter(\.readRealInstance)
      #expect(touched.count == 2)
      #expect(hidden.map(\.sharedTypeName) == ["Tracking"])
      #expect(hidden.first?.fileID.hasSuffix("TestingInParallelSnippets.swift") == true)
    }

    // MARK: Misuse reports

    @Test func aChangeOutsideIsolationIsReported() async {
      let inside = AsyncLatch()
      let release = AsyncLatch()
      let isolatedTest = Task.detached {
        await withIsolatedShared {
          _ = MisuseBox.shared.value
          await inside.open()
          await release.wait()
        }
      }
      await inside.wait()
      withKnownIssue {
        MisuseBox.shared.override(with: Docs.Marker("leaks"))  // no isolation here
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("outside any isolated scope")
      }
      await release.open()
      await isolatedTest.value
      // A box isolated tests have used stays watched after they end.
      withKnownIssue {
        MisuseBox.shared.reset()
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("which isolated tests in this process use")
      }
    }

    @Test func workThatOutlivesItsTestIsReported() async {
      await withKnownIssue {
        let latch = AsyncLatch()
        let late = await withIsolatedShared {
          Task {
            await latch.wait()
            Analytics.shared.value.track("late")  // the test has ended
          }
        }
        await latch.open()
        await late.value
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("after that test ended")
      }
    }
  }

  // MARK: - Fixtures: the article's code

  protocol Tracking: Sendable {
    func track(_ event: String)
  }

  final class Analytics: Tracking {
    static let shared = Resettable<any Tracking> { Analytics() }
    func track(_ event: String) {}
  }

  final class Metrics: Tracking {
    static let shared = Resettable<any Tracking> { Metrics() }
    func track(_ event: String) {}
  }

  final class TrackingSpy: Spy<TrackingSpy.Call>, Tracking, @unchecked Sendable {
    // @unchecked: all state lives in the spy's lock.
    enum Call: SpyCall, Hashable { case track(String) }
    func track(_ event: String) { record(.track(event)) }
  }

  /// Code you control: it carries the scope it is called in into its callback.
  final class Uploader: Sendable {
    func upload(completion: @escaping @Sendable () -> Void) {
      let scope = SharedScope.current
      DispatchQueue.global().async {
        scope.run { Analytics.shared.value.track("uploaded") }
        completion()
      }
    }
  }

  /// Code that hops threads on its own and does not carry the scope.
  final class Syncer: Sendable {
    func sync(completion: @escaping @Sendable () -> Void) {
      DispatchQueue.global().async {
        Metrics.shared.value.track("synced")
        completion()
      }
    }
  }

  struct DashboardModel {
    var summary: String {
      Analytics.shared.value.track("dashboard")
      return "\(ArticleManager.shared.value.fetch().count) articles"
    }
  }

  enum Connectivity {
    static let shared = Resettable { Docs.Marker("connectivity") }
  }

  enum MisuseBox {
    static let shared = Resettable { Docs.Marker("real") }
  }

}

extension Notification.Name {
  static let snippetDidSignIn = Notification.Name("DocumentationSnippets.didSignIn")
}
