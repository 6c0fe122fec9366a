import SharedInstances
import SharedInstancesDependencyMap

extension DependencyRecorder {
  /// Adds a box an exit test's child process read.
  func add(child event: ExitTestRelay.Event, kinds: Set<DependencyKind>) {
    let box = DependencyRecord.RecordedBox(
      type: event.type,
      fileID: event.fileID,
      line: UInt(event.line),
      description: event.description
    )
    childTouched.withLock { $0[box, default: []].formUnion(kinds) }
  }
}
