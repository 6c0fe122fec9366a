import SharedInstances

/// A box whose factory is running on this thread (or task), and the one that led to it: the
/// chain strict mode prints for a read made inside a factory.
///
/// Bound only while an isolated scope creates an instance (once per box and scope), so reads
/// pay nothing for it; strict mode reads it only when it reports.
package final class _FactoryFrame: Sendable {
  @TaskLocal package static var current: _FactoryFrame?

  package let identity: _BoxIdentity
  package let parent: _FactoryFrame?
  /// Boxes read while this factory ran, and whether each read got the real instance.
  private let reads = Protected<[(identity: _BoxIdentity, real: Bool)]>([])

  init(_ identity: _BoxIdentity, parent: _FactoryFrame?) {
    self.identity = identity
    self.parent = parent
  }

  /// Runs `body` (which may run the factory of `identity`) with a frame for it bound.
  package static func running<R>(_ identity: _BoxIdentity, _ body: () -> R) -> (R, _FactoryFrame) {
    let frame = _FactoryFrame(identity, parent: current)
    let result = $current.withValue(frame, operation: body)
    return (result, frame)
  }

  package func noteRead(_ identity: _BoxIdentity, real: Bool) {
    reads.withLock { reads in
      if let index = reads.firstIndex(where: { $0.identity === identity }) {
        reads[index].real = reads[index].real || real
      } else {
        reads.append((identity, real))
      }
    }
  }

  /// The boxes this factory read, and whether it read any of them for real.
  package var readsMade: [(identity: _BoxIdentity, real: Bool)] { reads.withLock { $0 } }

  /// `Resettable<Analytics> (declared at App/Analytics.swift:9)`, then the boxes whose
  /// factories led to it: ", read by the factory of …".
  package var chainDescription: String {
    var text = "the factory of \(identity.description)"
    var next = parent
    while let frame = next {
      text += ", read by the factory of \(frame.identity.description)"
      next = frame.parent
    }
    return text
  }
}
