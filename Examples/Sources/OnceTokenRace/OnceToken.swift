#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `dispatch_once_t` and the `dispatch_once` call that uses it, with the one thing the
/// Objective-C pattern does to it besides: writing 0 back into it.
///
/// The first caller runs the block; callers that arrive while it runs wait for it; later callers
/// return at once. ``reset()`` is `once_token = 0`: the next caller runs the block again.
/// `dispatch_once` itself does not support that (its documentation forbids touching the token),
/// which is part of what makes the pattern unsound; this emulation keeps each access to the
/// token atomic, so what goes wrong is the pattern's logic, not memory.
final class OnceToken: Sendable {
  private enum State: Sendable { case untouched, running, done }

  private let state = Locked(State.untouched)

  /// `dispatch_once(&once_token, block)`.
  func perform(_ block: () -> Void) {
    while true {
      let observed = state.withLock { state -> State in
        let before = state
        if before == .untouched { state = .running }
        return before
      }
      switch observed {
      case .done:
        return
      case .untouched:
        block()
        state.value = .done
        return
      case .running:
        sched_yield()  // another thread runs the block: wait for it, as dispatch_once does
      }
    }
  }

  /// `once_token = 0;`
  func reset() {
    state.value = .untouched
  }
}
