import Foundation
import IsolationTestSupport
import SharedInstancesDependencyMap
import SharedInstancesTesting

/// Maps the map's tests render: a small one whose every line is known, and a large one the
/// size of a big app's suite, the same on every run.
enum DependencyMapFixtures {
  static let analytics = DependencyMap.Box(
    type: "Resettable<AnalyticsTracker>",
    declaredAt: "App/Analytics.swift:4"
  )
  static let network = DependencyMap.Box(
    type: "Resettable<any NetworkClient>",
    declaredAt: "App/Network.swift:12"
  )
  static let clock = DependencyMap.Box(type: "Resettable<Clock>", declaredAt: "App/Clock.swift:2")
  static let session = DependencyMap.Box(
    type: "Resettable<Session>",
    declaredAt: "App/Session.swift:7"
  )

  /// Three tests of two suites: the analytics is read for real by two tests (first row), the
  /// network overridden by two and read for real by one, the clock only overridden, the
  /// session set by two tests (one of which also resets it).
  static func knownSuite() -> DependencyMap {
    let map = DependencyMap()
    map.add(
      .init(suite: "ProfileTests", name: "showsName()"),
      [(analytics, [.readsRealInstance]), (network, [.overrides, .readsOverride])]
    )
    map.add(
      .init(suite: "ProfileTests", name: "signsOut()"),
      [
        (analytics, [.readsRealInstance]), (network, [.readsRealInstance]),
        (session, [.sets, .resets]),
      ]
    )
    map.add(
      .init(suite: "FeedTests", name: "refreshes()"),
      [(network, [.overrides]), (clock, [.overrides]), (session, [.sets])]
    )
    return map
  }

  /// `tests` tests in suites of 20 (a few nested, a few top-level) over `boxes` boxes, as a
  /// large app's suite looks: each suite works with about ten boxes of its own and a few
  /// shared by all (a clock, analytics), overriding most, reading some for real, setting a
  /// few; 4 to 12 boxes a test. The same map on every run.
  static func largeMap(tests: Int = 1_000, boxes: Int = 100) -> DependencyMap {
    var random = SeededGenerator(seed: 21)  // ScopeStressTests.swift
    let boxList = (0..<boxes).map { index in
      DependencyMap.Box(
        type: "Resettable<any Service\(index)>",
        declaredAt: "App/Services/Service\(index / 10).swift:\(10 + index % 10 * 7)"
      )
    }
    let map = DependencyMap()
    let suiteCount = (tests + 19) / 20
    for suite in 0..<suiteCount {
      let suiteName =
        suite % 10 == 9
        ? "" : suite % 7 == 3 ? "Feature\(suite)Tests.Nested" : "Feature\(suite)Tests"
      // The suite's own boxes, and how the suite treats each.
      let own = (0..<10).map { _ in Int(random.next() % UInt64(boxes)) }
      let treatment: [Set<DependencyKind>] = own.map { _ in
        switch random.next() % 10 {
        case 0...5: [.overrides, .readsOverride]
        case 6, 7: [.readsRealInstance]
        case 8: [.sets]
        default: [.sets, .resets]
        }
      }
      for test in 0..<min(20, tests - suite * 20) {
        var touched: [(DependencyMap.Box, Set<DependencyKind>)] = [
          (boxList[0], random.next() % 3 == 0 ? [.readsRealInstance] : [.overrides])
        ]
        let count = 3 + Int(random.next() % 9)
        for index in 0..<count {
          let pick = Int(random.next() % 10)
          var kinds = treatment[pick]
          if index == 0, random.next() % 5 == 0 { kinds.insert(.readsRealInstance) }
          touched.append((boxList[own[pick]], kinds))
        }
        let name = suiteName.isEmpty ? "feature\(suite)Test\(test)(case:)" : "test\(test)(case:)"
        map.add(.init(suite: suiteName, name: name), touched)
      }
    }
    return map
  }

  /// The worst case: `tests` tests in suites of 20, each touching every one of `boxes` boxes
  /// (100,000 test–box pairs at 1,000 × 100), in kinds that vary from pair to pair.
  static func denseMap(tests: Int = 1_000, boxes: Int = 100) -> DependencyMap {
    var random = SeededGenerator(seed: 12)
    let kinds: [Set<DependencyKind>] = [
      [.readsRealInstance], [.overrides, .readsOverride], [.sets], [.sets, .resets], [.overrides],
    ]
    let map = DependencyMap()
    for test in 0..<tests {
      map.add(
        .init(suite: "Dense\(test / 20)Tests", name: "test\(test % 20)()"),
        (0..<boxes).map { box in
          (
            DependencyMap.Box(
              type: "Resettable<Dense\(box)>",
              declaredAt: "App/Dense.swift:\(box + 1)"
            ),
            kinds[Int(random.next() % UInt64(kinds.count))]
          )
        }
      )
    }
    return map
  }
}
