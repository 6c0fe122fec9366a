import _SharedInstancesShims

/// The boxes whose factory (or `update` closure) is running on each thread, outermost first.
///
/// A factory that reads another box pushes that box's factory on top of its own. When a read
/// finds its box's factory already running on the same thread, the stack from that box up is
/// the cycle, and the message names every box in it with its declaration site. Pushed and
/// popped once per factory run (rare: once per generation), never on a read of an instance that
/// exists.
package enum _FactoryStack {
  /// What runs for a box on a thread.
  package enum Role: Sendable {
    case factory
    case update
  }

  package struct Frame: Sendable {
    package let identity: _BoxIdentity
    package let role: Role
  }

  private static let stacks = Protected<[UInt: [Frame]]>([:])

  /// Marks `identity`'s factory (or update) as running on the calling thread.
  static func push(_ identity: _BoxIdentity, role: Role = .factory) {
    let thread = si_current_thread()
    stacks.withLock { $0[thread, default: []].append(Frame(identity: identity, role: role)) }
  }

  /// Ends the innermost run that `push` started on the calling thread.
  static func pop() {
    let thread = si_current_thread()
    stacks.withLock { stacks in
      stacks[thread]?.removeLast()
      if stacks[thread]?.isEmpty == true { stacks[thread] = nil }
    }
  }

  /// The runs in progress on the calling thread, outermost first.
  package static func current() -> [Frame] {
    let thread = si_current_thread()
    return stacks.withLock { $0[thread] ?? [] }
  }

  /// The cycle that a read of `identity` on this thread closes: the frames from `identity`'s
  /// own run up to the innermost one, or just `identity` when the stack does not hold it.
  static func cycle(closedBy identity: _BoxIdentity) -> [Frame] {
    let frames = current()
    guard let start = frames.lastIndex(where: { $0.identity === identity }) else {
      return [Frame(identity: identity, role: .factory)]
    }
    return Array(frames[start...])
  }
}
