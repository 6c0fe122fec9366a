import _SharedInstancesShims

/// The memory-safety argument of SharedInstances, in one place.
///
/// Everything in this folder (with the isolated reads of `_SharedInstancesIsolation`,
/// `MemorySafety/ScopedReads.swift` there, which production binaries do not carry, and the
/// hazard-pointer protocol of `_SharedInstancesShims`, `si_hazard.h`, `si_slots.h` and
/// `Hazard.c`, whose comments cite the invariants below as I1…I15) exists to let any thread read
/// a box's instance without a lock while other threads replace it, and to release every replaced
/// instance exactly once, as soon as no read can still use it. The design follows hazard pointers
/// with asymmetric fences (Folly's `hazptr`); the rules come first, the code after.
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
///    Model: `Model/reclamation.pml`, `[I1_validate]` (line 412), `no-use-after-free` (line 188).
/// 2. *Transient protection is short.* The transient word covers copying the instance out of
///    the cell, nothing else: no lock, nothing that blocks, and no user code the library can
///    keep out (reports wait for the end: I13). What copying itself runs (a C++ copy
///    constructor, an Objective-C `retain`; a bridged `NSString` key is made native before a
///    locator read) is user code the library cannot keep out, and it may read boxes: such a
///    read finds its thread's transient word taken, and protects with a free borrow word
///    instead, so it never clears the outer read's word (`_Slot.beginNestedRead`,
///    `si_hazard_transient_is_free`); when every borrow word is taken, it takes a reference to
///    the cell under the state lock and drops it when done, and that drop may run a `deinit`
///    inside the outer read's window: more user code there, memory-safe (the outer word stays
///    set, and nothing the drop runs can clear it). Borrow words cover a `withValue` closure,
///    user code, for as long as it runs. No change waits for a word: a service locator's
///    registry is published in a slot as a box's instance is (`_Slot.read`, `_Slot.replace`),
///    and a registry a change replaced is deferred to its last read like any cell.
///    Model: `Model/reclamation.pml`, `no-user-code-in-transient-window` (line 183),
///    `[I2_hook]` (line 454), `[I2_nested_borrow_word]` (line 716) and
///    `[I2_nested_reference]` (line 720) with `nested-read-keeps-outer-word` (line 730);
///    `MUTANT_NESTED_TRANSIENT` breaks them.
/// 3. *Copy, then unprotect — in that order in every build.* The copy is written to memory whose
///    address is passed to `si_hazard_end_read` (or `si_hazard_end_transient_read`, the same
///    end for a whole `_Read`), a C function compiled apart and never inlined.
///    The compiler of the reading code must assume that call reads the copy and may release what
///    it references, so it completes the copy, retain included, before the call; no optimizer
///    can move the retain after the word is cleared.
///    `si_hazard_end_borrow`, which ends a borrow, is compiled apart for the same reason. Both
///    are `noinline` and open with an empty `asm` that takes the pointer and clobbers memory, so
///    that even a cross-language LTO build, which sees their bodies, cannot conclude the call
///    leaves the copy alone. A class instance read by `value` takes one call instead,
///    `si_hazard_read_object`, which retains the instance (a call into the Swift runtime) before
///    its release store clears the word: in C, where no compiler moves a call below a release
///    store (checked in the release disassembly: BENCHMARKS.md).
///    Model: `Model/reclamation.pml`, `[I3_copy]` (line 438); `MUTANT_CLEAR_BEFORE_COPY` breaks it.
/// 4. *A retried protection is remembered.* A word whose validation failed held, for a moment,
///    a cell that was already unlinked; a writer's scan may have seen it there. The reader
///    remembers that it retried, and checks for retired cells when it ends (I6).
///    Model: `Model/reclamation.pml`, `[I4_retried]` (line 393); `MUTANT_NO_RETRIED` breaks it.
/// 5. *Unlink, count, barrier, scan; never wait.* A writer swaps the cell word out under the
///    state lock, counts the old cell as retired (the slot's retired count), runs the barrier of
///    I8, then scans every record: a cell no word holds is released; one a word holds is
///    *deferred*, and the writer returns at once.
///    Model: `Model/reclamation.pml`, `[I5_scan]` (line 279) and `no-double-free` (line 205).
/// 6. *The last reader releases a deferred cell.* Ending a read or a borrow clears its word,
///    fences, and reads the slot's retired count: either the writer's scan saw the word
///    cleared, or the reader sees the count and, if its cell was replaced (or it retried, I4),
///    reclaims. So no replaced instance outlives the reads and borrows that were running when it
///    was replaced, and a reader of the current cell never takes that path.
///    Model: `Model/reclamation.pml`, `[I6_end]` (line 390), `[I6_quiescent]` (line 1106).
/// 7. *A cell is published once, by one slot.* A nested scope's slot publishes a copy of its
///    parent's cell, never the cell itself; a cell taken out by `withOverride` is put back
///    without being retired; a retired cell is never published again. So the slot a reader read
///    from is the slot that deferred its cell, and "its cell was replaced" is "the slot no longer
///    publishes it".
///    Model: `Model/reclamation.pml`, `published-once` (line 361), `withOverride`'s put-back
///    `[I7_put_back]` (line 993); `MUTANT_OVERRIDE_RETIRES_SAVED` (the saved cell retired when
///    taken out) breaks it.
/// 8. *Fences by kind of slot.* Readers of process-wide slots store their hazard words with
///    compiler barriers only where Linux offers `membarrier`, and a writer of such a slot makes
///    every running thread fence before it scans (rare: production changes). Those stores are
///    release stores, not relaxed ones: a scan that reads a *later* read's store then also
///    synchronizes with everything the earlier reads of that word did (the C11 model gives a
///    relaxed store no such edge; a plain `mov` on x86-64, `stlr` on arm64, as in Folly). Slots
///    of isolation scopes, other platforms and ThreadSanitizer builds use sequentially
///    consistent stores and loads on both sides, so ending or changing a test's state never
///    takes a system call.
///    Model: `Model/reclamation.pml`, `[I8_membarrier]` (line 260), in TSO mode (`-DTSO`).
/// 9. *A scope's cells go with the scope, without a scan.* Every read or borrow of a scope's slot
///    holds a reference to the scope until it ends, so when the scope is deallocated no hazard
///    word holds its cells: its slots release them directly. Likewise a box's own slot: a read
///    or borrow holds the box (the caller's `self`) for the whole call, end and reclaim
///    included, so when a box's last reference goes (a box made in a test, dropped by the test
///    or by a `SharedLifetime` that held it weakly), no word holds its cells and none waits.
///    Model: `Model/reclamation.pml`, `[I9_borrow_retains_scope]` (line 669),
///    `[I9_scope_gone]` (line 487); `MUTANT_SCOPE_UNRETAINED` breaks it. A box's deallocation:
///    `gone-box-has-no-waiting-cell` (line 523), in `SCEN_LIFETIME`.
/// 10. *Released outside every lock.* The last release of a cell runs the instance's `deinit`,
///    which is user code that may read and change boxes. It never happens while a library lock
///    is held: code that drops a cell under a lock returns it, and its caller releases it after
///    unlocking; a release on a thread whose factory or `update` closure runs (a frame pushed on
///    `_FactoryStack`: `si_factory_stack_top()` is set, and the box's creation lock held) waits
///    until the outermost of them has returned (`_Slot.release`, `_FactoryStack.deferRelease`).
///    Between taking the creation lock and pushing the frame, nothing is released: the slot is
///    looked at under its state lock, with a reference taken (I13), never by a protected read.
///    Model: `Model/reclamation.pml`, `no-release-under-lock` (line 206),
///    `[I13_creation_reference]` (line 864), and `update`'s drop of the instance it transforms
///    `[I10_update]` (line 947); `MUTANT_HOLE3` (a protected read there) and
///    `MUTANT_UPDATE_UNDEFERRED` (the drop before the update's frame is pushed) break it, and so
///    do `MUTANT_LIFETIME_END_UNDER_LOCK` and `MUTANT_LIFETIME_ADD_DROPS_UNDER_LOCK` (a
///    lifetime that resets its members, or drops its strong references to them, under its lock).
/// 11. *A read that retried into an empty slot still ends.* Its word held, for a moment, a cell
///    that a change unlinked and may have deferred to it (I4), even though it found nothing to
///    read: it clears its word, fences, reads the retired count, and reclaims if cells wait (the
///    end of I6), as a read that found a cell does (`_Slot.emptiedRead`, `si_hazard_read_object`,
///    `si_scope_begin_read`'s callers, `_Slot.beginBorrow`). So I6's promise holds for every
///    read, whatever it found.
///    Model: `Model/reclamation.pml`, `[I11_retry_to_empty]` (line 425); `MUTANT_HOLE2` breaks it.
/// 12. *A thread that exits ends its reads and borrows.* A borrow's closure is synchronous, so a
///    borrow never outlives its thread, unless the thread exits inside it (`pthread_exit`,
///    `Thread.exit()`). The thread's destructor (`si_hazard_detach`) clears every word of its
///    record and, if any was set, fences once and reclaims in every slot registered in
///    `_DeferredSlots` (a thread that held no word had no cell deferred to it), the
///    registry of slots where cells wait: a slot registers under its retire lock when a scan
///    leaves cells waiting, then scans once more, so either that scan sees the cleared word, or
///    the exiting thread, which fenced after clearing, finds the slot registered. What the
///    exiting frames held besides hazard words (a strong reference a borrow of an empty box
///    handed the closure, the scope a scoped borrow retains: I9) is leaked, as `pthread_exit`
///    leaks every reference a Swift frame holds: never freed early.
///    Model: `Model/reclamation.pml`, `[I12_register]` (line 307),
///    `[I12_thread_exit]` (line 828); `MUTANT_HOLE4` (no reclaim at exit) and
///    `MUTANT_NO_RESCAN` (no second scan after registering) break it.
/// 13. *Reports after the read.* Whatever a read must check and report (a strict scope's real
///    read, a `.required` box, a use after the scope ended, a read inside a factory) is noted in
///    the `_Read` and done in `_Read.ended`, after the hazard word is clear and the copy is
///    owned: reporting runs user code (`Issue.record`, `XCTFail`, traits and observers that read
///    and reset boxes). A borrow's checks run under its borrow word (`_Scope.borrow`), which,
///    like the closure it is taken for, is made to be held across user code: a change defers
///    the cell to it, and nothing clears it but the borrow's end. Likewise under a lock: the
///    creation lock's look at its slot takes a reference under the state lock instead of a
///    protected read (whose end may reclaim), and drops it after unlocking (I10;
///    `_Slot.beginCreation`); a lifetime's weak references to its boxes are made strong under its
///    lock and dropped after unlocking, where a box's last reference may go (`SharedLifetime`).
///    Model: `Model/reclamation.pml`, `[I13_report_after_read]` (line 473),
///    `[I13_creation_reference]` (line 864), a borrow's report under its borrow word alone
///    `[I13_borrow_report]` (line 759); `MUTANT_HOLE1`, `MUTANT_HOLE3` and
///    `MUTANT_BORROW_REPORT_TRANSIENT` (the borrow on the transient word) break it; a lifetime's
///    strong reference `[I13_lifetime_strong]` (line 554), which `MUTANT_LIFETIME_UNOWNED` (an
///    `unowned(unsafe)` member reset without one) breaks.
/// 14. *A forked child keeps only its own thread's words.* The child of a `fork()` has one
///    thread, but a copy of every record, with the words other threads held at that moment. The
///    child drops them (`si_hazard_after_fork_in_child`, a `pthread_atfork` handler), so that a
///    change there neither defers a cell to a thread that does not exist (I5, I6) nor waits for
///    a locator read that never ends. Supported after `fork()`: every read, borrow and change,
///    in the child, of a box that no other thread was creating or changing at the fork (a cell
///    that was already deferred to another thread goes with the slot's next change). A box whose
///    factory, `update` or change ran on another thread at that moment keeps its lock held in the
///    child, as every lock of the process does: it is not to be used there.
///    Model: not modelled (one thread after the fork); `ForkTests` checks it.
/// 15. *A thread's identity is never reused.* The creator word (the holder of a `_CreationGate`:
///    a box's factory or `update`, or a locator's factory, in progress) names a thread by
///    `si_current_thread`: a number no other thread ever receives (a platform thread id is
///    handed to a new thread once its owner exited, and a thread that exits inside a factory
///    leaves the word set). It is read by an out-of-line call, never from a `const` function
///    whose result an optimizer may reuse after an `await` that resumed on another thread.
///    Model: `Model/reclamation.pml`, the creator word `[I15_creator_word]` (line 857) and
///    `reentrancy-report-is-true` (line 881): a factory that reads its own box stops with the
///    message instead of waiting for its own lock; `MUTANT_NO_CREATOR_WORD` deadlocks. The
///    model's threads have fixed identities: that none is reused is `ThreadIdentityTests`'.
///
/// **Paths examined and argued.**
///
/// - *A thread that exits inside `withValue` in an isolated scope* leaks the scope the scoped
///   borrow retains (I9), and with it the scope's instances: `pthread_exit` skips every release
///   of the frames it unwinds, the borrow's end among them. Its hazard words are cleared by
///   I12, so nothing is freed early; the leak is the one `pthread_exit` makes of every strong
///   reference a Swift frame holds, and a program that exits a thread inside a closure owns it.
/// - *A thread-exit destructor (another library's) that reads a box after `si_hazard_detach`
///   ran* attaches a record again (`si_hazard_attach` sets the key anew). The C library calls
///   destructors again while keys are set, a bounded number of rounds; a record attached in the
///   last round is never detached: it stays claimed, unused, for the life of the process. Every
///   read and borrow clears its word before it returns, so that record holds no word: a scan
///   reads it and finds nothing, and no cell waits for it. A leak of one record, memory-safe.
/// - *Windows fibers*: records are per thread (`si_hazard_mine` is a `_Thread_local`), but a
///   fiber-local destructor also runs when a fiber is deleted. A program that converts a thread
///   to fibers and deletes one of them while the thread uses its record could have that record
///   cleared and given back under a read. Fibers are not supported (Swift's runtime and Swift
///   concurrency do not use them); threads are.
///
/// **The only way in.** Swift code outside this folder reaches the C shims through this folder's
/// API alone, emitted into its callers where it is on a read's path: `_AtomicWord`,
/// `_AtomicPointer` and `_AtomicUInt64` (words in memory their owner keeps), `_AtomicInt`,
/// `_ReaderWriterWord` (the process-wide gate's word), `_ProcessWords` (whether isolation was
/// used, process-wide scopes are open, overrides leaked), `_Slot` and `_Read` (this protocol),
/// `_SlotTable` (a scope's lock-free table of slots), `_CreationGate` (exactly-once creation, for
/// boxes and locators), `_Mutex`, and `_Platform` (identifiers, the main thread, standard error,
/// the factory stack's thread-locals). `_SharedInstancesIsolation` and `SharedInstancesLocator`
/// do not depend on `_SharedInstancesShims` at all, so a direct call there does not compile.
///
/// **Model.** `Model/reclamation.pml` (beside this file; `Model/README.md` gives its bounds and
/// what it leaves out) checks this protocol with spin, exhaustively, in CI
/// (`scripts/check-model.sh`), and rejects a mutant for each defect a slow path could have. Each
/// invariant's `Model:` line names the tag or property that checks it and the model's line;
/// the script fails when a line drifts off its tag. `Model/creation.pml` checks, in the same
/// run, a service locator's creation gates and its cycle check (`_CreationGate`).
enum _MemorySafety {}

/// The hazard word a transient read of this thread uses: the transient word, or, for a read
/// inside another read's window (user code that copying a value ran), a free borrow word, so
/// that it never clears the outer read's protection (invariant 2). Nil when every word is taken.
@_alwaysEmitIntoClient @inline(__always)
package func _hazardWordForRead(
  _ record: UnsafeMutablePointer<si_hazard_record>
) -> UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
  if _fastPath(si_hazard_transient_is_free(record)) { return si_hazard_transient_word(record) }
  return si_hazard_free_borrow_word(record)
}

/// Whether the calling thread's hazard record has every word free: true between its reads and
/// borrows. For checks (the torture asserts it where a task resumes), never for the protocol.
@_alwaysEmitIntoClient
package func _threadHoldsNoHazardWord() -> Bool {
  let record = si_hazard_current()
  let firstBorrowWord = UnsafeMutableRawPointer(record)
    .advanced(by: MemoryLayout<si_hazard_record>.offset(of: \.borrows)!)
  return si_hazard_transient_is_free(record)
    && UnsafeMutableRawPointer(si_hazard_free_borrow_word(record)) == firstBorrowWord
}

/// The calling thread's identity: a number no other thread ever receives, read out of line
/// (`si_current_thread`; invariant 15), for a creation gate's holder word and a locator's record
/// of the threads waiting at its gates.
@_alwaysEmitIntoClient @inline(__always)
package func _currentThread() -> UInt { si_current_thread() }
