import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// `swift test --parallel` runs each XCTest test in a process of its own: the processes of one
/// run must make one complete map, whatever order they exit in.
@Suite(TimeLimits.waiting) struct DependencyMapParallelTests {
  /// Six child processes, each with a test of its own, wait until all six are ready and exit at
  /// the same moment: every one of their tests is in the map.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func processesExitingAtOnceMakeOneCompleteMap() async throws {
      let folder = "/tmp/si-map-parallel-\(getpid())"
      try? FileManager.default.removeItem(atPath: folder)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<6 {
          group.addTask {
            await #expect(processExitsWith: .success) {
              let folder = "/tmp/si-map-parallel-\(getppid())"
              setenv("SHARED_INSTANCES_MAP", folder, 1)
              DependencyMap.process?.add(
                DependencyMap.TestID(suite: "ParallelRun", name: "process\(getpid())()"),
                [
                  (
                    DependencyMap.Box(type: "Resettable<Clock>", declaredAt: "App/Clock.swift:2"),
                    [.readsRealInstance]
                  )
                ]
              )
              _ = FileManager.default.createFile(
                atPath: "\(folder)/ready-\(getpid())",
                contents: nil
              )
              // Exit together: once all six are ready (at most 30 s).
              for _ in 0..<30_000 {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                if entries.filter({ $0.hasPrefix("ready-") }).count >= 6 { break }
                usleep(1_000)
              }
              exit(0)
            }
          }
        }
      }
      let ready = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { $0.hasPrefix("ready-") }
        .map { "ParallelRun/process\($0.dropFirst("ready-".count))()" }
      #expect(ready.count == 6)
      let json = try String(contentsOfFile: folder + "/dependencies.json", encoding: .utf8)
      let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      let boxes = object?["boxes"] as? [[String: Any]]
      let readers = boxes?.first?["readForRealBy"] as? [String] ?? []
      #expect(readers.sorted() == ready.sorted())
    }
  #endif
}
