import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// What the process-wide gate costs a suite where 5% of the tests are process-wide. Not a unit
/// test: it prints wall-clock times, and runs only when
/// `SI_MEASURE_GATE=1` (see scripts/measure-process-wide-gate.sh).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SI_MEASURE_GATE"] == "1"))
struct GateCostMeasurement {
  static let box = Resettable { Tagged("real") }

  enum Work: String, CaseIterable {
    case awaits10ms = "each test awaits 10 ms"
    case computes2ms = "each test computes ~2 ms"

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func run() async {
      switch self {
      case .awaits10ms:
        try? await Task.sleep(for: .milliseconds(10))
      case .computes2ms:
        let end = ContinuousClock.now + .milliseconds(2)
        while ContinuousClock.now < end {}
      }
    }
  }

  enum Suite: String, CaseIterable {
    case allIsolated = "200 isolated tests"
    case before = "190 tests without a gate hold + 10 process-wide (the old scheduling)"
    case now = "190 isolated + 10 process-wide (the gate)"
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  static func run(_ suite: Suite, _ work: Work) async -> Duration {
    let start = ContinuousClock.now
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        let processWide = index % 20 == 0 && suite != .allIsolated
        group.addTask {
          if processWide {
            await withIsolatedShared(.processWide) {
              box.override(with: Tagged("\(index)"))
              await work.run()
            }
          } else if suite == .before {
            await work.run()
          } else {
            await withIsolatedShared {
              box.override(with: Tagged("\(index)"))
              await work.run()
            }
          }
        }
      }
    }
    return ContinuousClock.now - start
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func printTheCostOfTheGate() async {
    for work in Work.allCases {
      // Interleaved, so that load from other processes hits every schedule alike.
      var times: [Suite: [Duration]] = [:]
      for _ in 0..<7 {
        for suite in Suite.allCases {
          times[suite, default: []].append(await Self.run(suite, work))
        }
      }
      let medians = times.mapValues { $0.sorted()[$0.count / 2] }
      let now = medians[.now]!
      print("GATE COST (\(work.rawValue)), median of 7 runs:")
      for suite in Suite.allCases { print("  \(suite.rawValue): \(medians[suite]!)") }
      print("  gate / all isolated: \(now / medians[.allIsolated]!)")
      print("  gate / old scheduling: \(now / medians[.before]!)")
    }
  }
}
