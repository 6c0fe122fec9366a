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
  /// One run on this thread, linked to the run it is nested in.
  private final class Node {
    let identity: _BoxIdentity
    /// What runs for the box: its `update(_:)` closure (true), or its factory (false).
    let isUpdate: Bool
    let next: Node?

    init(_ identity: _BoxIdentity, isUpdate: Bool, next: Node?) {
      self.identity = identity
      self.isUpdate = isUpdate
      self.next = next
    }
  }

  private static var top: Node? {
    _Platform.factoryStackTop.map { Unmanaged<Node>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Marks `identity`'s factory (or update) as running on the calling thread.
  @usableFromInline
  static func push(_ identity: _BoxIdentity, isUpdate: Bool = false) {
    let outer = _Platform.factoryStackTop
    let node = Node(identity, isUpdate: isUpdate, next: top)
    _Platform.factoryStackTop = Unmanaged.passRetained(node).toOpaque()
    // The new node refers to the outer one now, instead of the thread-local pointer.
    if let outer { Unmanaged<Node>.fromOpaque(outer).release() }
  }

  /// Ends the innermost run that `push` started on the calling thread.
  @usableFromInline
  static func pop() {
    guard let raw = _Platform.factoryStackTop else { return }
    let node = Unmanaged<Node>.fromOpaque(raw)
    let next = node.takeUnretainedValue().next
    _Platform.factoryStackTop = next.map { Unmanaged.passRetained($0).toOpaque() }
    node.release()
  }

  /// The cycle that a read of `identity` on this thread closes: the runs from `identity`'s own
  /// (innermost) run up to the innermost run, as lines `  BOX, whose factory read` outermost
  /// first; how many; and whether `identity`'s own run is its `update(_:)` closure. No runs and
  /// a factory when the stack does not hold `identity`. Lines, not an array of frames, for the
  /// size of programs.
  static func cycle(
    closedBy identity: _BoxIdentity
  ) -> (lines: String, count: Int, isUpdate: Bool) {
    var lines = ""
    var count = 0
    var node = top
    while let run = node {
      lines =
        "  \(run.identity.description), whose \(runner(isUpdate: run.isUpdate)) read\n" + lines
      count += 1
      if run.identity === identity { return (lines, count, run.isUpdate) }
      node = run.next
    }
    return ("", 0, false)
  }

  /// What runs for a box, as messages name it.
  static func runner(isUpdate: Bool) -> String { isUpdate ? "update(_:) closure" : "factory" }

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
    if let raw = _Platform.deferredReleases {
      list = Unmanaged<Deferred>.fromOpaque(raw).takeUnretainedValue()
    } else {
      list = Deferred()
      _Platform.deferredReleases = Unmanaged.passRetained(list).toOpaque()
    }
    list.objects.append(object)
  }

  /// Releases what `deferRelease` kept, once no factory or update runs on this thread. Call it
  /// with no lock held, where a run has just returned.
  @usableFromInline
  static func releaseDeferred() {
    guard _Platform.factoryStackTop == nil, let raw = _Platform.deferredReleases else { return }
    _Platform.deferredReleases = nil
    let list = Unmanaged<Deferred>.fromOpaque(raw).takeRetainedValue()
    // A deinit that runs a factory defers into a new list, drained when that factory returns.
    for object in list.objects { Unmanaged<AnyObject>.fromOpaque(object).release() }
  }

  /// Whether the innermost run for `identity` on the calling thread is its `update(_:)`
  /// closure (false: its factory, or nothing runs for it).
  static func isUpdateRunning(for identity: _BoxIdentity) -> Bool {
    var node = top
    while let run = node {
      if run.identity === identity { return run.isUpdate }
      node = run.next
    }
    return false
  }
}
