import SharedInstances
import SharedInstancesDependencyMap
import Testing
import _SharedInstancesIsolation

extension PreparedLaunch {
  /// Adds the boxes the launched processes read to the running isolated test's dependency
  /// record and to the dependency map, under the launching test's name (a Swift Testing test,
  /// or the XCTest test whose scope this runs in), as an exit test's child's reads are. Outside
  /// an isolated, recorded test there is nothing to add them to.
  static func recordReads(_ report: LaunchReport, map: DependencyMap? = DependencyMap.process) {
    guard let recorder = DependencyRecorder.current, !report.reads.isEmpty else { return }
    var boxes: [(DependencyMap.Box, Set<DependencyKind>)] = []
    for read in report.reads {
      let kinds: Set<DependencyKind> = [read.readReal ? .readsRealInstance : .readsTestDefault]
      let recorded = DependencyRecord.RecordedBox(
        type: read.type,
        fileID: read.fileID,
        line: UInt(read.line),
        description: read.description
      )
      recorder.childTouched.withLock { $0[recorded, default: []].formUnion(kinds) }
      boxes.append(
        (DependencyMap.Box(type: read.type, declaredAt: "\(read.fileID):\(read.line)"), kinds)
      )
    }
    guard let map else { return }
    if let test = Test.current {
      map.add(
        DependencyMap.TestID(
          suite: test.id.nameComponents.dropLast().joined(separator: "."),
          name: test.id.nameComponents.last ?? test.name
        ),
        boxes
      )
    } else if let scope = _Scope.resolveForCapture() {
      map.add(DependencyMap.TestID(xcTestName: scope.name), boxes)
    }
  }
}
