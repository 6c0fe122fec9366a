import _SharedInstancesShims

/// The exactly-once creation primitive of boxes and service locators: a lock that one thread
/// holds while it runs a factory, and a word naming that thread, its *holder*.
///
/// Whoever enters the gate runs the factory or, if another thread published the result while it
/// waited, takes that result; every other thread that enters meanwhile waits for the holder to
/// leave. A thread that would wait for a creation that can never end must not wait: it is the
/// holder already (its factory asked for its own result), or, in a locator, the holder waits
/// for a creation that waits for this thread. What happens then is the gate's
/// `_CreationGatePolicy`: a box stops the program with the reentrancy report (its
/// `_BoxIdentity` is its policy; a box sees only the first case, on one thread, which is
/// what its fast path can afford to check), a locator throws a circular-dependency error for a
/// cycle through any number of threads and locators (`_ServiceStore`, which records who waits
/// for whom, under one lock for the process, before waiting).
///
/// The holder word is read without the gate's lock: by any thread, to learn whether it is the
/// holder (`isHeldByCurrentThread`: only the holder finds its own identity there), and by the
/// locator's cycle check under the lock of its record of waits (`holder`). It names a thread by
/// `_currentThread()`, a number no other thread ever receives (invariant 15 of `_MemorySafety`),
/// so a thread that exited inside a factory leaves a word no other thread mistakes for its own.
///
/// Lock order: a thread holds no other library lock when it enters a gate (the owner's state
/// lock is taken after entering, never around it), so gates nest only as factories call one
/// another, and a policy refuses a wait that would close a cycle of them.
///
/// Model: a box's gate is `SCEN_CREATE` of `Model/reclamation.pml`; a locator's gates and its
/// cycle check are `Model/creation.pml`, whose mutants show why a wait is recorded even when
/// the holder word is still 0 (a thread may hold the lock and not have written its word yet).
@usableFromInline
package struct _CreationGate {
  @usableFromInline let lock: _Mutex
  /// The thread that holds the gate, or 0.
  @usableFromInline package let holderWord: UnsafeMutablePointer<Int>

  /// A gate whose holder word is `holderWord`, memory the owner allocated, keeps alive for the
  /// gate's life, and initialized to 0.
  package init(holderWord: UnsafeMutablePointer<Int>) {
    lock = _Mutex()
    self.holderWord = holderWord
  }

  /// The thread that holds the gate (`_currentThread()`), or 0 when none does.
  package var holder: UInt {
    UInt(bitPattern: si_int_load_acquire(holderWord))
  }

  /// Whether the calling thread holds the gate: its factory, or a box's `update` closure, runs
  /// now on this thread.
  @usableFromInline package var isHeldByCurrentThread: Bool {
    si_int_load_acquire(holderWord) == Int(bitPattern: si_current_thread())
  }

  /// Enters the gate: returns once the calling thread holds it, having waited for the holder, if
  /// any, to leave. Before waiting, `policy` decides whether the wait could end.
  ///
  /// - Throws: What `policy` throws instead of a wait that would never end; the gate is not
  ///   held then.
  @_alwaysEmitIntoClient
  package func enter<Policy: _CreationGatePolicy>(
    _ policy: Policy
  ) throws(Policy.Failure) {
    // Only this thread stores its own identity here: no other thread can make this true.
    if isHeldByCurrentThread { try policy.reentered() }
    try policy.willWait()
    lock.lock()
    // Named before any factory runs: a read of the box by its own factory, or a change of it,
    // finds this thread here (invariant 15).
    si_int_store_release(holderWord, Int(bitPattern: si_current_thread()))
  }

  /// Leaves the gate `enter` entered on this thread, and wakes the next thread waiting at it.
  package func leave() {
    si_int_store_release(holderWord, 0)
    lock.unlock()
  }
}

/// What a thread does at a `_CreationGate` instead of waiting for a creation that can never end.
@usableFromInline
package protocol _CreationGatePolicy {
  /// What the policy throws instead of waiting (`Never` for one that stops the program).
  associatedtype Failure: Error

  /// Called when the calling thread already holds the gate: its own factory asked for what it
  /// is making, and waiting would wait for itself. Must not return.
  func reentered() throws(Failure) -> Never

  /// Called before the calling thread waits at the gate for another thread, which may hold it
  /// or may be about to: throws when the wait could never end, else records whatever a later
  /// check needs to see that this thread waits.
  func willWait() throws(Failure)
}

/// A box's policy, kept by its identity: a factory (or `update` closure) that reads or changes
/// its own box on its own thread stops the program with the reentrancy report, which names every
/// box of the cycle. Waits through other threads are not checked: a box's read pays nothing for
/// that.
extension _BoxIdentity: _CreationGatePolicy {
  @usableFromInline package func reentered() -> Never { reentrancyFailure() }

  @usableFromInline package func willWait() {}
}
