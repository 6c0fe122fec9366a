import Foundation
import SharedInstances
import SharedInstancesDependencyMap
import SharedInstancesTesting
import TestSupport
import Testing

/// The suite-wide map: its exact content for a known suite, nothing without
/// `SHARED_INSTANCES_MAP`, and the files written when the test process exits.
@Suite(TimeLimits.waiting) struct DependencyMapTests {
  private static func knownSuite() -> DependencyMap { DependencyMapFixtures.knownSuite() }

  @Test func theMarkdownOfAKnownSuite() {
    #expect(
      Self.knownSuite().markdown() == """
        # Shared instances in tests

        3 isolated tests in 2 suites touched 4 shared instances. A test that reads a box's \
        **real** instance depends on it without saying so: the top rows are the hidden \
        dependencies to fix first (provide the box in those tests: override it, or bootstrap a \
        bootstrap-once box). *Set by* lists the tests that installed a value with `set`, \
        `setIfEmpty`, `update` or `bootstrap`. `dependencies.html` shows every test.

        | Shared instance | Declared at | Read for real by | Set by | Overridden by |
        | --- | --- | --- | --- | --- |
        | `Resettable<AnalyticsTracker>` | App/Analytics.swift:4 | 2: `ProfileTests/showsName()`, \
        `ProfileTests/signsOut()` | – | – |
        | `Resettable<any NetworkClient>` | App/Network.swift:12 | 1: `ProfileTests/signsOut()` \
        | – | 2: `FeedTests/refreshes()`, `ProfileTests/showsName()` |
        | `Resettable<Clock>` | App/Clock.swift:2 | – | – | 1: `FeedTests/refreshes()` |
        | `Resettable<Session>` | App/Session.swift:7 | – | 2: `FeedTests/refreshes()`, \
        `ProfileTests/signsOut()` | – |

        The graph draws each suite as one node, with how many of its tests touched each box.

        ```mermaid
        flowchart LR
          s0["FeedTests (1 test)"]
          s1["ProfileTests (2 tests)"]
          b0[("Resettable#lt;AnalyticsTracker#gt;")]
          b1[("Resettable#lt;any NetworkClient#gt;")]
          b2[("Resettable#lt;Clock#gt;")]
          b3[("Resettable#lt;Session#gt;")]
          s0 -.->|1 override| b1
          s0 -.->|1 override| b2
          s0 -->|1 set| b3
          s1 ==>|2 real| b0
          s1 ==>|1 real, 1 override| b1
          s1 -->|1 set, 1 reset| b3
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
                {"box": "Resettable<Session>", "declaredAt": "App/Session.swift:7", \
        "kinds": ["sets"]},
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
        "kinds": ["overrides", "reads the override"]}
              ]
            },
            {
              "suite": "ProfileTests",
              "name": "signsOut()",
              "dependencies": [
                {"box": "Resettable<AnalyticsTracker>", "declaredAt": "App/Analytics.swift:4", \
        "kinds": ["reads the real instance"]},
                {"box": "Resettable<Session>", "declaredAt": "App/Session.swift:7", \
        "kinds": ["sets", "resets"]},
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
              "setBy": [],
              "overriddenBy": []
            },
            {
              "box": "Resettable<any NetworkClient>",
              "declaredAt": "App/Network.swift:12",
              "readForRealBy": ["ProfileTests/signsOut()"],
              "setBy": [],
              "overriddenBy": ["FeedTests/refreshes()", "ProfileTests/showsName()"]
            },
            {
              "box": "Resettable<Clock>",
              "declaredAt": "App/Clock.swift:2",
              "readForRealBy": [],
              "setBy": [],
              "overriddenBy": ["FeedTests/refreshes()"]
            },
            {
              "box": "Resettable<Session>",
              "declaredAt": "App/Session.swift:7",
              "readForRealBy": [],
              "setBy": ["FeedTests/refreshes()", "ProfileTests/signsOut()"],
              "overriddenBy": []
            }
          ]
        }

        """
    )
  }

  /// The JSON reads back into the same tests: it is also the fragment each process writes.
  @Test func theJSONReadsBackIntoTheSameTests() throws {
    let map = Self.knownSuite()
    let object = try JSONSerialization.jsonObject(with: Data(map.json().utf8)) as? [String: Any]
    #expect(object?["schemaVersion"] as? Int == 1)
    let read = try DependencyMap.tests(json: map.json())
    #expect(read == map.snapshot)
    #expect(DependencyMap.json(read) == map.json())
    // Names with quotes, backslashes and control characters come back as they were.
    let odd = DependencyMap()
    odd.add(
      .init(suite: "A \"quoted\" suite", name: "back\\slash\n\ttab\u{1}()"),
      [(DependencyMap.Box(type: "Resettable<[String: \"x\"]>", declaredAt: "é.swift:1"), [.sets])]
    )
    #expect(try DependencyMap.tests(json: odd.json()) == odd.snapshot)
  }

  /// A config box that 20 tests fill with `set` showed "– | –". Past three tests, a
  /// cell counts tests by suite instead of naming each.
  @Test func aBoxSetByTwentyTestsShowsThemBySuite() throws {
    let map = DependencyMap()
    let config = DependencyMap.Box(type: "Resettable<Config>", declaredAt: "App/Config.swift:3")
    let suites = [("OrderTests", 8), ("CartTests", 5), ("PaymentTests", 4), ("A", 2), ("B", 1)]
    for (suite, count) in suites {
      for index in 0..<count {
        map.add(.init(suite: suite, name: "test\(index)()"), [(config, [.sets])])
      }
    }
    let row = try #require(map.markdown().split(separator: "\n").first { $0.contains("Config>") })
    #expect(
      row == "| `Resettable<Config>` | App/Config.swift:3 | – | 20: 8 in `OrderTests`, "
        + "5 in `CartTests`, 4 in `PaymentTests`, 3 in 2 other suites | – |"
    )
    let json = try JSONSerialization.jsonObject(with: Data(map.json().utf8)) as? [String: Any]
    let setBy = (json?["boxes"] as? [[String: Any]])?.first?["setBy"] as? [String]
    #expect(setBy?.count == 20)
  }

  /// The graph has one node per suite, not per test; past its limit of links it keeps those
  /// with a real read, most read for real first, and says so.
  @Test func theGraphAggregatesSuitesAndStaysUnderItsLimit() {
    let map = DependencyMap()
    let boxes = (0..<10).map {
      DependencyMap.Box(type: "Resettable<B\($0)>", declaredAt: "App/B.swift:\($0)")
    }
    for suite in 0..<30 {
      for test in 0..<4 {
        // Every test touches every box: 1,200 test–box pairs, 300 suite–box links; box 0 is
        // read for real by every test, boxes 1 and 2 by the first test of each suite.
        map.add(
          .init(suite: "S\(suite)", name: "t\(test)()"),
          boxes.enumerated().map { index, box in
            (box, index == 0 || (index < 3 && test == 0) ? [.readsRealInstance] : [.overrides])
          }
        )
      }
    }
    let markdown = map.markdown()
    let edges = markdown.split(separator: "\n").filter {
      $0.hasPrefix("  s") && ($0.contains(" ==>|") || $0.contains(" -.->|") || $0.contains(" -->|"))
    }
    #expect(edges.count == DependencyMap.mermaidEdgeLimit)
    #expect(edges.filter { $0.contains("==>|") }.count == 90)  // every link read for real
    #expect(
      markdown.split(separator: "\n").filter { $0.hasPrefix("  s") && $0.contains("[\"") }.count
        == 30
    )
    #expect(
      markdown.contains("With 300 suite–box links, it shows the 100 with the most real reads")
    )
    #expect(edges.contains("  s0 ==>|4 real| b0"))
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

  @Test func writingCreatesTheThreeFiles() throws {
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
    #expect(
      try String(contentsOfFile: folder + "/dependencies.html", encoding: .utf8) == map.html()
    )
  }

  /// The real thing, in a child process: isolated scopes end, the process exits, and the map
  /// is in the folder the variable names.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func theMapIsWrittenWhenTheProcessExits() async throws {
      let folder = "/tmp/si-map-exit-\(getpid())"
      try? FileManager.default.removeItem(atPath: folder)
      await #expect(processExitsWith: .success) {
        setenv("SHARED_INSTANCES_MAP", "/tmp/si-map-exit-\(getppid())", 1)
        withIsolatedShared {
          DependencyBoxes.clock.override(with: DepClock("fake"))
          _ = DependencyBoxes.clock.value
          _ = DependencyBoxes.analytics.value
          DependencyBoxes.session.set(DepSession("signed in"))
        }
        exit(0)
      }
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let markdown = try String(contentsOfFile: folder + "/dependencies.md", encoding: .utf8)
      #expect(
        markdown.contains("| `Resettable<DepAnalytics>` | SharedInstancesDependencyMapTests/")
      )
      #expect(markdown.contains("==>|1 real|"))
      // The value the test installed with `set` is in the Set by column.
      let session = markdown.split(separator: "\n").first {
        $0.hasPrefix("| `Resettable<DepSession>`")
      }
      let cells = session?.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(cells?[2] == "–")  // read for real by
      #expect(cells?[3].hasPrefix("1: `") == true)  // set by
      let json = try String(contentsOfFile: folder + "/dependencies.json", encoding: .utf8)
      #expect(json.contains("{\"box\": \"Resettable<DepClock>\""))
      let html = try String(contentsOfFile: folder + "/dependencies.html", encoding: .utf8)
      #expect(html.contains("[\"Resettable\\u003cDepSession\\u003e\","))
    }
  #endif
}
