import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// `SystemBoxes.notificationCenter`: each isolated test its own center, and a record of what it
/// posted.
@Suite struct NotificationCenterBoxTests {
  @Test(.isolatedShared, arguments: 0..<100)
  func observersInOneTestNeverReceiveAnothersPosts(_ value: Int) async {
    let center = SystemBoxes.notificationCenter.value
    let received = Locked<[Int]>([])
    let token = center.addObserver(forName: .boxTestPing, object: nil, queue: nil) { note in
      received.mutate { $0.append(note.userInfo?["value"] as? Int ?? -1) }
    }
    center.post(name: .boxTestPing, object: nil, userInfo: ["value": value])
    await Task.yield()
    center.post(name: .boxTestPing, object: nil, userInfo: ["value": value])
    center.removeObserver(token)
    #expect(received.get() == [value, value])
    #expect(SystemBoxes.notificationCenter.postedNotifications().count == 2)
  }

  @Test(.isolatedShared) func theRecordListsEveryPostInOrder() {
    let center = SystemBoxes.notificationCenter.value
    center.post(name: .boxTestPing, object: nil)
    center.post(Notification(name: .boxTestPong, object: nil, userInfo: ["n": 1]))
    center.post(name: .boxTestPing, object: nil, userInfo: nil)
    let posted = SystemBoxes.notificationCenter.postedNotifications()
    #expect(posted.map(\.name) == [.boxTestPing, .boxTestPong, .boxTestPing])
    #expect(posted[1].userInfo?["n"] as? Int == 1)
    #expect(center !== NotificationCenter.default)
  }

  @Test(.isolatedShared) func aCenterTheTestCreatesRecordsAndResets() {
    let center = RecordingNotificationCenter()
    SystemBoxes.notificationCenter.override(with: center)
    SystemBoxes.notificationCenter.value.post(name: .boxTestPong, object: nil)
    #expect(center.postedNames == [.boxTestPong])
    center.resetPosted()
    #expect(center.posted.isEmpty)
  }

  @Test func askingTheRealCenterForItsRecordFailsTheTest() {
    withKnownIssue {
      withIsolatedShared {
        SystemBoxes.notificationCenter.set(.default)
        #expect(SystemBoxes.notificationCenter.postedNotifications().isEmpty)
      }
    } matching: { issue in
      issue.comments.description.contains("SystemBoxes.notificationCenter")
        && issue.comments.description.contains("records nothing")
    }
  }

  @Test func aStrictTestGetsItsOwnCenterWithoutAFailure() {
    withIsolatedShared(.strict) {
      #expect(SystemBoxes.notificationCenter.value !== NotificationCenter.default)
    }
  }
}

extension Notification.Name {
  fileprivate static let boxTestPing = Notification.Name("NotificationCenterBoxTests.ping")
  fileprivate static let boxTestPong = Notification.Name("NotificationCenterBoxTests.pong")
}
