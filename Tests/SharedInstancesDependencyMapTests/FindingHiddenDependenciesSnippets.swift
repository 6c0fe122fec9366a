import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing
import XCTest

// The code of the article "Finding Hidden Dependencies", compiled and run. Its records live in
// `__Dependencies__/FindingHiddenDependenciesSnippets/`.

// MARK: - The app

protocol NetworkClient: Sendable {
  func fetchName() -> String
}

final class LiveNetworkClient: NetworkClient {
  func fetchName() -> String { "from the network" }
}

final class AnalyticsTracker: Sendable {
  func track(_ event: String) {}
}

/// A double that fails the test when it is used.
final class UnimplementedNetworkClient: NetworkClient {
  func fetchName() -> String {
    Issue.record("UnimplementedNetworkClient.fetchName() was called: override Network.client")
    return ""
  }
}

enum Network {
  static let client = Resettable<any NetworkClient>(
    inTests: .required(default: { UnimplementedNetworkClient() })
  ) {
    LiveNetworkClient()
  }
}

enum Analytics {
  static let tracker = Resettable { AnalyticsTracker() }
}

struct ProfileModel {
  func title() -> String {
    Analytics.tracker.value.track("profile")
    return Network.client.value.fetchName()
  }
}

final class FakeNetworkClient: NetworkClient {
  func fetchName() -> String { "Ada" }
}

// MARK: - Snippets

@Suite struct FindingHiddenDependenciesSnippets {
  /// "Never reach the real network by accident".
  @Test func aRequiredBoxReadWithoutAnOverrideFailsTheTestAndNeverRunsTheRealFactory() {
    let messages = Locked<[String]>([])
    withKnownIssue {
      withIsolatedShared {
        #expect(Network.client.value is UnimplementedNetworkClient)
        _ = ProfileModel().title()  // the test default fails when it is used
      }
    } matching: { issue in
      messages.mutate { $0.append(issue.comments.description) }
      return true
    }
    let all = messages.get()
    #expect(all.count == 2, "\(all)")
    #expect(
      all.contains {
        $0.contains(
          "read Resettable<NetworkClient> (declared at "
            + "SharedInstancesDependencyMapTests/FindingHiddenDependenciesSnippets.swift:"
        ) && $0.contains("which is declared inTests: .required, without overriding it")
      }
    )
    #expect(all.contains { $0.contains("UnimplementedNetworkClient.fetchName() was called") })
  }

  @Suite(.isolatedShared(.recordsDependencies)) struct ProfileTests {
    @Test func profileShowsName() {
      Network.client.override(with: FakeNetworkClient())
      #expect(ProfileModel().title() == "Ada")
    }
  }

  /// "Exempt boxes by name".
  @Suite(.isolatedShared(.strict).exempting(Analytics.tracker))
  struct StrictProfileTests {
    @Test func profileShowsName() {
      Network.client.override(with: FakeNetworkClient())
      #expect(ProfileModel().title() == "Ada")  // the real tracker is exempt
    }
  }

  /// The record's difference, as the article shows it.
  @Test func aNewDependencyFailsWithWhatToDo() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("si-snippet-\(UUID().uuidString)").path
    let path = folder + "/profileShowsName.txt"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(
      """
      Resettable<NetworkClient> in SharedInstancesDependencyMapTests/\
      FindingHiddenDependenciesSnippets.swift: overrides, reads the override

      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    let recorder = DependencyRecorder(
      testName: "profileShowsName()",
      recordPath: path,
      recording: nil
    )
    DependencyRecorder.$current.withValue(recorder) {
      withIsolatedShared {
        Network.client.override(with: FakeNetworkClient())
        _ = ProfileModel().title()
      }
    }
    #expect(
      recorder.finish()?.contains(
        "- profileShowsName() now reads the real \(Analytics.tracker), which its record does "
          + "not list: override it in the test, or re-record with SHARED_INSTANCES_RECORD=1."
      ) == true
    )
  }
}

/// "XCTest".
final class ProfileXCTests: IsolatedSharedTestCase {
  override var dependencyRecording: DependencyRecording? { DependencyRecording() }

  func testProfileShowsName() {
    Network.client.override(with: FakeNetworkClient())
    XCTAssertEqual(ProfileModel().title(), "Ada")
  }
}
