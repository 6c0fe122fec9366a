import _SharedInstancesShims

/// The memory-safety argument of SharedInstances, in one place.
///
/// Everything in this folder (and the hazard-pointer half of `_SharedInstancesShims`, whose
/// comments cite the invariants below as I1…I10) exists to let any thread read a box's instance
/// without a lock while other threads replace it, and to release every replaced instance exactly
/// once, as soon as no read can still use it. The design follows hazard pointers with asymmetric
/// fences (Folly's `hazptr`); the rules come first, the code after.
///
/// **The objects.** A *slot* (`_Slot`) is where one instance of a box lives: the box's
/// process-wide state, or its state inside one isolation scope. It publishes at most one *cell*
/// (`_Cell`, an immutable object holding the instance) through an atomic pointer, the *cell word*
/// (the cell's address, its low bit set for a test double), and owns one reference to that cell.
/// Each thread has a *hazard record*: one *transient* word and seven *borrow* words that only it
/// claims. Readers take no lock; changes serialize on the slot's state lock.
///
/// **The invariants.**
///
/// 1. *Protect, validate, then use.* A reader dereferences a cell only while a hazard word of
///    its thread holds the cell's address, stored and then validated by reading the cell word
///    again (with the fence of I8 in between); a failed validation retries with the new cell.
///    Model: `Model/reclamation.pml`, `[I1_validate]` (line 340), `no-use-after-free` (line 162).
/// 2. *Transient protection is short.* The transient word covers copying the instance out of
///    the cell, nothing else: no user code, no lock, nothing that blocks. Borrow words cover a
///    `withValue` closure, for as long as it runs. Neither is ever waited for by a change.
///    Model: `Model/reclamation.pml`, `no-user-code-in-transient-window` (line 157).
/// 3. *Copy, then unprotect — in that order in every build.* The copy is written to memory whose
///    address is passed to `si_hazard_end_read`, a C function compiled apart and never inlined.
///    The compiler of the reading code must assume that call reads the copy and may release what
///    it references, so it completes the copy, retain included, before the call; no optimizer
///    can move the retain after the word is cleared (the release-build defect of issue 18).
///    `si_hazard_end_borrow`, which ends a borrow, is compiled apart for the same reason.
///    Model: `Model/reclamation.pml`, `[I3_copy]` (line 365); `MUTANT_CLEAR_BEFORE_COPY` breaks it.
/// 4. *A retried protection is remembered.* A word whose validation failed held, for a moment,
///    a cell that was already unlinked; a writer's scan may have seen it there. The reader
///    remembers that it retried, and checks for retired cells when it ends (I6).
///    Model: `Model/reclamation.pml`, `[I4_retried]` (line 321); `MUTANT_NO_RETRIED` breaks it.
/// 5. *Unlink, count, barrier, scan; never wait.* A writer swaps the cell word out under the
///    state lock, counts the old cell as retired (the slot's retired count), runs the barrier of
///    I8, then scans every record: a cell no word holds is released; one a word holds is
///    *deferred*, and the writer returns at once.
///    Model: `Model/reclamation.pml`, `[I5_scan]` (line 237) and `no-double-free` (line 168).
/// 6. *The last reader releases a deferred cell.* Ending a read or a borrow clears its word,
///    fences, and reads the slot's retired count: either the writer's scan saw the word
///    cleared, or the reader sees the count and, if its cell was replaced (or it retried, I4),
///    reclaims. So no replaced instance outlives the reads and borrows that were running when it
///    was replaced, and a reader of the current cell never takes that path.
///    Model: `Model/reclamation.pml`, `[I6_end]` (line 318), `[I6_quiescent]` (line 608).
/// 7. *A cell is published once, by one slot.* A nested scope's slot publishes a copy of its
///    parent's cell, never the cell itself; a cell taken out by `withOverride` is put back
///    without being retired; a retired cell is never published again. So the slot a reader read
///    from is the slot that deferred its cell, and "its cell was replaced" is "the slot no longer
///    publishes it".
///    Model: `Model/reclamation.pml`, `published-once` (line 289).
/// 8. *Fences by kind of slot.* Readers of process-wide slots store their hazard words with
///    compiler barriers only where Linux offers `membarrier`, and a writer of such a slot makes
///    every running thread fence before it scans (rare: production changes). Slots of isolation
///    scopes, other platforms and ThreadSanitizer builds use sequentially consistent stores and
///    loads on both sides, so ending or changing a test's state never takes a system call.
///    Model: `Model/reclamation.pml`, `[I8_membarrier]` (line 215), in TSO mode (`-DTSO`).
/// 9. *A scope's cells go with the scope, without a scan.* Every read or borrow of a scope's slot
///    holds a reference to the scope until it ends, so when the scope is deallocated no hazard
///    word holds its cells: its slots release them directly.
///    Model: not modelled (scope deallocation); see `Model/README.md`.
/// 10. *Released outside every lock.* The last release of a cell runs the instance's `deinit`,
///    which is user code that may read and change boxes. It never happens while a library lock
///    is held: code that drops a cell under a lock returns it, and its caller releases it after
///    unlocking; and a release on a thread that runs a factory or an `update` closure (which
///    hold their box's creation lock) waits until the outermost of them has returned
///    (`_Slot.release`, `_FactoryStack.deferRelease`).
///    Model: `Model/reclamation.pml`, `no-release-under-lock` (line 169).
enum _MemorySafety {}

/// Ends the transient read that protected what `copy` points to (invariant 3): the copy's
/// address goes to `si_hazard_end_read`, which the compiler cannot see into. Returns the count of
/// retired cells that `retired` points to, read after the word was cleared (I6). Callers pass
/// `&copy`: a typed pointer, so that no closure is needed and a debug build pays no more than
/// the call.
@_transparent @usableFromInline
func _endTransientRead<T>(
  _ record: UnsafeMutablePointer<si_hazard_record>,
  after copy: UnsafeMutablePointer<T>,
  retired: UnsafePointer<Int>,
  symmetric: Bool
) -> Int {
  si_hazard_end_read(record, UnsafeMutableRawPointer(copy), retired, symmetric)
}
