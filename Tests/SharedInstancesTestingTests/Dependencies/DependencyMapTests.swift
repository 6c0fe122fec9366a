import Foundation
import SharedInstances
import SharedInstancesTesting
import Testing

/// The suite-wide map: its exact content for a known suite, nothing without
/// `SHARED_INSTANCES_MAP`, and the files written when the test process exits.
@Suite struct DependencyMapTests {
  private static let analytics = DependencyMap.Box(
    type: "Resettable<AnalyticsTracker>",
    declaredAt: "App/Analytics.swift:4"
  )
  private static let network = DependencyMap.Box(
    type: "Resettable<any NetworkClient>",
    declaredAt: "App/Network.swift:12"
  )
  private static let clock = DependencyMap.Box(
    type: "Resettable<Clock>",
    declaredAt: "App/Clock.swift:2"
  )

  /// Three tests of two suites: the analytics is read for real by two tests (first row), the
  /// network overridden by two and read for real by one, the clock only overridden.
  private static func knownSuite() -> DependencyMap {
    let map = DependencyMap()
    map.add(
      .init(suite: "ProfileTests", name: "showsName()"),
      [
        (analytics, readsReal: true, overrides: false),
        (network, readsReal: false, overrides: true),
      ]
    )
    map.add(
      .init(suite: "ProfileTests", name: "signsOut()"),
      [
        (analytics, readsReal: true, overrides: false),
        (network, readsReal: true, overrides: false),
      ]
    )
    map.add(
      .init(suite: "FeedTests", name: "refreshes()"),
      [(network, readsReal: false, overrides: true), (clock, readsReal: false, overrides: true)]
    )
    return map
  }

  @Test func theMarkdownOfAKnownSuite() {
    #expect(
      Self.knownSuite().markdown() == """
        # Shared instances in tests

        3 isolated tests touched 3 shared instances. A test that reads a box's **real** \
        instance depends on it without saying so: the top rows are the hidden dependencies to \
        fix first (override the box in those tests).

        | Shared instance | Declared at | Read for real by | Overridden by |
        | --- | --- | --- | --- |
        | `Resettable<AnalyticsTracker>` | App/Analytics.swift:4 | 2: `ProfileTests/showsName()`, \
        `ProfileTests/signsOut()` | – |
        | `Resettable<any NetworkClient>` | App/Network.swift:12 | 1: `ProfileTests/signsOut()` \
        | 2: `FeedTests/refreshes()`, `ProfileTests/showsName()` |
        | `Resettable<Clock>` | App/Clock.swift:2 | – | 1: `FeedTests/refreshes()` |

        ```mermaid
        flowchart LR
          subgraph s0 ["FeedTests"]
            t0["refreshes()"]
          end
          subgraph s1 ["ProfileTests"]
            t1["showsName()"]
            t2["signsOut()"]
          end
          b0[("Resettable#lt;AnalyticsTracker#gt;")]
          b1[("Resettable#lt;any NetworkClient#gt;")]
          b2[("Resettable#lt;Clock#gt;")]
          t0 -.->|override| b1
          t0 -.->|override| b2
          t1 ==>|real| b0
          t1 -.->|override| b1
          t2 ==>|real| b0
          t2 ==>|real| b1
          classDef real stroke:#d1242f,stroke-width:3px
          class b0,b1 real
        ```

        """
    )
  }

  @Test func theJSONOfAKnownSuite() {
    #expect(
      Self.knownSuite().json() == """
        {
          "schemaVersion": 1,
          "tests": [
            {
              "suite": "FeedTests",
              "name": "refreshes()",
              "dependencies": [
                {"box": "Resettable<Clock>", "declaredAt": "App/Clock.swift:2", \
        "kinds": ["overrides"]},
                {"box": "Resettable<any NetworkClient>", "declaredAt": "App/Network.swift:12", \
        "kinds": ["overrides"]}
              ]
            },
            {
              "suite": "ProfileTests",
              "name": "showsName()",
              "dependencies": [
                {"box": "Resettable<AnalyticsTracker>", "declaredAt": "App/Analytics.swift:4", \
        "kinds": ["reads the real instance"]},
                {"box": "Resettable<any NetworkClient>", "declaredAt": "App/Network.swift:12", \
        "kinds": ["overrides"]}
              ]
            },
            {
              "suite": "ProfileTests",
              "name": "signsOut()",
              "dependencies": [
                {"box": "Resettable<AnalyticsTracker>", "declaredAt": "App/Analytics.swift:4", \
        "kinds": ["reads the real instance"]},
                {"box": "Resettable<any NetworkClient>", "declaredAt": "App/Network.swift:12", \
        "kinds": ["reads the real instance"]}
              ]
            }
          ],
          "boxes": [
            {
              "box": "Resettable<AnalyticsTracker>",
              "declaredAt": "App/Analytics.swift:4",
              "readForRealBy": ["ProfileTests/showsName()", "ProfileTests/signsOut()"],
              "overriddenBy": []
            },
            {
              "box": "Resettable<any NetworkClient>",
              "declaredAt": "App/Network.swift:12",
              "readForRealBy": ["ProfileTests/signsOut()"],
              "overriddenBy": ["FeedTests/refreshes()", "ProfileTests/showsName()"]
            },
            {
              "box": "Resettable<Clock>",
              "declaredAt": "App/Clock.swift:2",
              "readForRealBy": [],
              "overriddenBy": ["FeedTests/refreshes()"]
            }
          ]
        }

        """
    )
  }

  @Test func theJSONIsValidAndReadBackByTheOtherTestProcess() throws {
    let json = Self.knownSuite().json()
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?["schemaVersion"] as? Int == 1)
    // XCTest and Swift Testing run in two processes: the second adds the first's tests.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("si-map-\(UUID().uuidString)").path
    try Self.knownSuite().write(to: folder)
    let second = DependencyMap()
    second.add(
      .init(suite: "ProfileTests", name: "signsOut()"),  // also in the first: this one wins
      [(Self.clock, readsReal: true, overrides: false)]
    )
    try second.write(to: folder)
    let merged = try String(contentsOfFile: folder + "/dependencies.md", encoding: .utf8)
    #expect(merged.hasPrefix("# Shared instances in tests\n\n3 isolated tests touched 3 shared"))
    #expect(
      merged.contains(
        "| `Resettable<Clock>` | App/Clock.swift:2 | 1: `ProfileTests/signsOut()` | 1: "
          + "`FeedTests/refreshes()` |"
      )
    )
  }

  @Test func withoutTheVariableThereIsNoMap() {
    #expect(DependencyMap.make(environment: SharedInstancesEnvironment([:])) == nil)
    #expect(
      DependencyMap.make(environment: SharedInstancesEnvironment(["SHARED_INSTANCES_MAP": ""]))
        == nil
    )
    #expect(
      DependencyMap.make(environment: SharedInstancesEnvironment(["SHARED_INSTANCES_MAP": "/x"]))
        != nil
    )
    if SharedInstancesEnvironment.process.mapDirectory == nil {
      #expect(DependencyMap.process == nil)  // this run collects nothing
    }
  }

  @Test func writingCreatesBothFiles() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("si-map-\(UUID().uuidString)/nested").path
    let map = Self.knownSuite()
    try map.write(to: folder)
    #expect(
      try String(contentsOfFile: folder + "/dependencies.md", encoding: .utf8) == map.markdown()
    )
    #expect(
      try String(contentsOfFile: folder + "/dependencies.json", encoding: .utf8) == map.json()
    )
  }

  /// The real thing, in a child process: isolated scopes end, the process exits, and the map
  /// is in the folder the variable names.
  @Test func theMapIsWrittenWhenTheProcessExits() async throws {
    let folder = "/tmp/si-map-exit-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    await #expect(processExitsWith: .success) {
      setenv("SHARED_INSTANCES_MAP", "/tmp/si-map-exit-\(getppid())", 1)
      withIsolatedShared {
        DependencyBoxes.clock.override(with: DepClock("fake"))
        _ = DependencyBoxes.clock.value
        _ = DependencyBoxes.analytics.value
      }
      exit(0)
    }
    let markdown = try String(contentsOfFile: folder + "/dependencies.md", encoding: .utf8)
    #expect(markdown.contains("| `Resettable<DepAnalytics>` | SharedInstancesTestingTests/"))
    #expect(markdown.contains("==>|real|"))
    let json = try String(contentsOfFile: folder + "/dependencies.json", encoding: .utf8)
    #expect(json.contains("{\"box\": \"Resettable<DepClock>\""))
    try? FileManager.default.removeItem(atPath: folder)
  }
}
