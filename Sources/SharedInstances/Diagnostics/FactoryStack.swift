import _SharedInstancesShims

/// The boxes whose factory (or `update` closure) is running on each thread, outermost first.
///
/// A factory that reads another box pushes that box's factory on top of its own. When a read
/// finds its box's factory already running on the same thread, the stack from that box up is
/// the cycle, and the message names every box in it with its declaration site. Pushed and
/// popped once per factory run (rare: once per generation), never on a read of an instance that
/// exists. Each thread keeps its own stack (a thread-local pointer), so a run takes no lock that
/// other threads' runs take.
@usableFromInline
package enum _FactoryStack {
  package struct Frame: Sendable {
    package let identity: _BoxIdentity
    /// What runs for the box: its `update(_:)` closure, or (false) its factory. A flag rather
    /// than an enum, for the size of programs (see `_CellKind`).
    package let isUpdate: Bool
  }

  /// One run on this thread, linked to the run it is nested in.
  private final class Node {
    let frame: Frame
    let next: Node?

    init(_ frame: Frame, next: Node?) {
      self.frame = frame
      self.next = next
    }
  }

  private static var top: Node? {
    si_factory_stack_top().map { Unmanaged<Node>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Marks `identity`'s factory (or update) as running on the calling thread.
  @usableFromInline
  static func push(_ identity: _BoxIdentity, isUpdate: Bool = false) {
    let outer = si_factory_stack_top()
    let node = Node(Frame(identity: identity, isUpdate: isUpdate), next: top)
    si_factory_stack_set_top(Unmanaged.passRetained(node).toOpaque())
    // The new node refers to the outer one now, instead of the thread-local pointer.
    if let outer { Unmanaged<Node>.fromOpaque(outer).release() }
  }

  /// Ends the innermost run that `push` started on the calling thread.
  @usableFromInline
  static func pop() {
    guard let raw = si_factory_stack_top() else { return }
    let node = Unmanaged<Node>.fromOpaque(raw)
    let next = node.takeUnretainedValue().next
    si_factory_stack_set_top(next.map { Unmanaged.passRetained($0).toOpaque() })
    node.release()
  }

  /// The runs in progress on the calling thread, outermost first.
  package static func current() -> [Frame] {
    var frames: [Frame] = []
    var node = top
    while let run = node {
      frames.append(run.frame)
      node = run.next
    }
    return frames.reversed()
  }

  /// The cycle that a read of `identity` on this thread closes: the frames from `identity`'s
  /// own run up to the innermost one, or just `identity` when the stack does not hold it.
  static func cycle(closedBy identity: _BoxIdentity) -> [Frame] {
    let frames = current()
    guard let start = frames.lastIndex(where: { $0.identity === identity }) else {
      return [Frame(identity: identity, isUpdate: false)]
    }
    return Array(frames[start...])
  }

  // MARK: Releases that wait for the outermost run

  /// Objects whose last release must wait, on this thread, until no factory or update runs.
  private final class Deferred {
    var objects: [UnsafeMutableRawPointer] = []
  }

  /// Keeps one reference to `object` (a cell) until the outermost factory or update running on
  /// this thread returns: releasing it now could run a `deinit` under that run's creation lock
  /// (invariant 10 of `_MemorySafety`).
  static func deferRelease(_ object: UnsafeMutableRawPointer) {
    let list: Deferred
    if let raw = si_factory_deferred_releases() {
      list = Unmanaged<Deferred>.fromOpaque(raw).takeUnretainedValue()
    } else {
      list = Deferred()
      si_factory_set_deferred_releases(Unmanaged.passRetained(list).toOpaque())
    }
    list.objects.append(object)
  }

  /// Releases what `deferRelease` kept, once no factory or update runs on this thread. Call it
  /// with no lock held, where a run has just returned.
  @usableFromInline
  static func releaseDeferred() {
    guard si_factory_stack_top() == nil, let raw = si_factory_deferred_releases() else { return }
    si_factory_set_deferred_releases(nil)
    let list = Unmanaged<Deferred>.fromOpaque(raw).takeRetainedValue()
    // A deinit that runs a factory defers into a new list, drained when that factory returns.
    for object in list.objects { Unmanaged<AnyObject>.fromOpaque(object).release() }
  }

  /// Whether the innermost run for `identity` on the calling thread is its `update(_:)`
  /// closure (false: its factory, or nothing runs for it).
  static func isUpdateRunning(for identity: _BoxIdentity) -> Bool {
    var node = top
    while let run = node {
      if run.frame.identity === identity { return run.frame.isUpdate }
      node = run.next
    }
    return false
  }
}
