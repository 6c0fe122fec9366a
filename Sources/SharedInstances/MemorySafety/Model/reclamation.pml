/*
 * The reclamation protocol of SharedInstances (hazard words, retired counts, asymmetric fences,
 * deferred releases), as a Promela model for spin, following the code as it is: a line that
 * stands for a line of code carries "@code(FILE: TEXT)", and scripts/check-model.sh fails when
 * TEXT is no longer in FILE. Each MUTANT_* macro puts one defect back, and the script requires
 * spin to reject every mutant and to accept the model. README.md beside this file states the
 * bounds, the processes and the properties; MemorySafety.swift's invariants point at the lines
 * here.
 *
 *   spin -a -DSCEN_READS -DMAXCH=2 [-DTSO] [-DMUTANT_...] reclamation.pml
 *   gcc -O2 -DSAFETY -DCOLLAPSE -o pan pan.c && ./pan -m100000
 *
 * Scenarios: SCEN_READS (default), SCEN_HOOK, SCEN_CREATE, SCEN_EXIT, SCEN_NESTED, SCEN_SCOPE,
 * SCEN_BORROW_REPORT, SCEN_UPDATE, SCEN_OVERRIDE, SCEN_LIFETIME. Every property is an
 * assert() tagged "@property NAME" on its line, and the places that keep an invariant carry a
 * tag "[In_name]"; the check script maps the line of a violated assertion (from the trail)
 * back to its property.
 *
 * Each atomic step makes at most one access to a word other threads read or write (a hazard
 * word, a cell word, a retired count, a lock), plus the thread's own bookkeeping; a scan reads
 * one hazard word per step, as the code does (-DSCAN_PER_RECORD: a record per step, cheaper).
 */

/* ---- Bounds -------------------------------------------------------------------------------- */

#define NT      3           /* threads (hazard records) */
#define NBOX    2           /* boxes (slots) */
#define NCELL   9           /* cell ids 1..8; 0 is "no cell" (an empty slot, a clear word) */
#ifndef MAXCH
#define MAXCH   3           /* changes (set or reset) the writer makes, at most */
#endif
#define NW      3           /* hazard words per record: 0 transient, 1 and 2 borrow words */
#define NWORDS  (NT * NW)
#define W(t, k) ((t) * NW + (k))

/* Which words a scenario's threads can ever set: the scan skips the others (always 0). */
#if defined(SCEN_CREATE) || defined(SCEN_UPDATE) || defined(SCEN_OVERRIDE)
#define USED    ((1 << W(0, 0)) | (1 << W(2, 0)))
#else
#ifdef SCEN_EXIT
#define USED    ((1 << W(0, 1)) | (1 << W(0, 2)) | (1 << W(2, 0)))
#else
#ifdef SCEN_HOOK
#define USED    ((1 << W(0, 0)) | (1 << W(2, 0)))
#else
#ifdef SCEN_SCOPE
#define USED    ((1 << W(0, 1)) | (1 << W(2, 0)))
#else
#if defined(SCEN_NESTED) || defined(SCEN_BORROW_REPORT) || defined(SCEN_LIFETIME)
#define USED    ((1 << W(0, 0)) | (1 << W(0, 1)) | (1 << W(2, 0)))
#else
#define USED    ((1 << W(0, 0)) | (1 << W(0, 1)) | (1 << W(0, 2)) | (1 << W(2, 0)))
#endif
#endif
#endif
#endif
#endif
/* Generations matter only to a factory's install and an update's publish (SCEN_CREATE,
 * SCEN_UPDATE); elsewhere they would only tell apart states that behave the same. */
#if defined(SCEN_CREATE) || defined(SCEN_UPDATE)
#define GEN_BUMP(b) gen[b]++
#else
#define GEN_BUMP(b) skip
#endif
#define ISUSED(u) (((USED) >> (u)) & 1)
/* The next cell in slot b's retired list after c (NCELL: none); only under its retire lock. */
#define NEXTLISTED(b) c++; do :: c < NCELL && !(listed[c] && owner[c] == (b)) -> c++ :: else -> break od
/* What one step of a scan reads: one word, as the code does, or with -DSCAN_PER_RECORD a
 * whole record (a thread's three words). */
#ifndef SCAN_PER_RECORD
#define NUNITS  NWORDS
#define UNITUSED(u) ISUSED(u)
#define HOLDS(u, c) (hz[u] == (c))
#else
#define NUNITS  NT
#define UNITUSED(u) ((((USED) >> ((u) * NW)) & 7) != 0)
#define HOLDS(u, c) (hz[W(u, 0)] == (c) || hz[W(u, 1)] == (c) || hz[W(u, 2)] == (c))
#endif
byte nxt[NUNITS + 1];       /* nxt[i]: the first used unit at or after i (NUNITS: none) */

/* ---- The objects ------------------------------------------------------------------------ */

#define UNUSED  0           /* the id is not allocated yet */
#define LIVE    1           /* allocated: published, retired, deferred, or about to be */
#define FREED   2           /* released: its deinit ran */

byte cstate[NCELL];         /* each cell's life */
byte owner[NCELL];          /* the slot that publishes it (I7: one slot, once) */
bool listed[NCELL];         /* in its slot's retired list */
byte refs[NCELL];           /* strong references: the slot's, and any taken under the state lock */
byte nextcell = 1;          /* cells are never reused: every publication is a fresh id */

byte cur[NBOX];             /* the cell word of each slot (0: empty) */
byte rcount[NBOX];          /* the slot's retired count (si_slot_state.retired) */
byte gen[NBOX];             /* the slot's generation (only under its state lock) */
byte retireLock[NBOX];      /* 0, or the holder's thread id + 1 */
byte creationLock[NBOX];
bool deferring[NBOX];        /* the slot is in _DeferredSlots (the registry thread exits read) */
byte scopeRefs;             /* SCEN_SCOPE: references to the scope that owns box 1's slot */
#ifdef SCEN_LIFETIME
byte boxRefs[NBOX];         /* strong references to each box (a Resettable, which owns its slot) */
bool boxGone[NBOX];         /* the box and its slot are deallocated */
byte lifetimeLock;          /* the lifetime's members lock: 0, or the holder's thread id + 1 */
byte heldLL[NT];            /* lifetime locks a thread holds */
#define HELDLL(t) heldLL[t]
#else
#define HELDLL(t) 0
#endif
byte creator1;              /* SCEN_CREATE: box 1's creator word (the creator's id + 1, or 0) */
bool halted;                /* SCEN_CREATE: a reentrancy failure stopped the program */

byte hz[NWORDS];            /* the hazard words, as other threads see them (memory) */

byte changes;               /* writer changes made so far (bounded by MAXCH) */
byte running;               /* threads that have not finished */
byte heldCL[NT];            /* creation locks a thread holds */
byte heldRL[NT];            /* retire locks a thread holds */
bool inFactory[NT];         /* a factory frame is pushed (_FactoryStack.push) */
bool inCopy[NT];            /* copying a value out runs user code (a nested read's window) */
int deferred[NT];           /* cells whose release waits for the creation lock (bit mask) */

/* ---- Store buffers (TSO) ------------------------------------------------------------------
 * With -DTSO each thread has a FIFO store buffer of SB entries for its plain (relaxed/release)
 * stores of hazard words: the stores of the asymmetric mode. Every locked instruction of a
 * thread (lock acquire, exchange, fetch_add, seq_cst store) drains its own buffer first.
 * `membarrier` is a full barrier forced on every thread: it drains every buffer. A FLUSHER
 * process drains entries one at a time, in order, at any moment.
 * Without -DTSO every store is immediately visible (sequential consistency): the symmetric
 * mode, where readers and writers use seq_cst stores and fences on both sides.
 */
#ifdef TSO
#define SB 2
byte sb[NT * SB];           /* entry: word * 16 + value */
byte sbn[NT];
#ifndef ASYM_MASK
#define ASYM_MASK 3         /* which slots are process-wide (asymmetric fences): both */
#endif
#define ASYM(b) ((((ASYM_MASK) >> (b)) & 1) == 1)
#define ENTRY(t, i) sb[(t) * SB + (i)]
inline flushone(t) {
  hz[ENTRY(t, 0) / 16] = ENTRY(t, 0) % 16;
  ENTRY(t, 0) = ENTRY(t, 1);
  ENTRY(t, 1) = 0;
  sbn[t]--
}
inline flushown(t) {
  if :: sbn[t] > 0 -> flushone(t) :: else -> skip fi;
  if :: sbn[t] > 0 -> flushone(t) :: else -> skip fi
}
inline flushall() { flushown(0); flushown(1); flushown(2) }
/* What thread t itself reads in its word k (store forwarding): its newest buffered store. */
#define MINE(t, k) ((sbn[t] == 2 && ENTRY(t, 1) / 16 == W(t, k)) -> ENTRY(t, 1) % 16 : \
                   ((sbn[t] >= 1 && ENTRY(t, 0) / 16 == W(t, k)) -> ENTRY(t, 0) % 16 : \
                    hz[W(t, k)]))
#define FLUSHOWN(t) flushown(t)
#else
#define MINE(t, k) hz[W(t, k)]
#define FLUSHOWN(t) skip
#endif

/* A store of a hazard word: relaxed (asymmetric mode, into the store buffer) or seq_cst. */
inline hstore(t, k, v, b) {
#ifdef TSO
  atomic {
    if
    :: ASYM(b) ->
       if :: sbn[t] == SB -> flushone(t) :: else -> skip fi;  /* a full buffer stalls */
       ENTRY(t, sbn[t]) = W(t, k) * 16 + v;
       sbn[t]++
    :: else -> flushown(t); hz[W(t, k)] = v                  /* seq_cst: xchg */
    fi
  }
#else
  hz[W(t, k)] = v
#endif
}

/* ---- Properties checked where they happen --------------------------------------------------- */

#ifdef NO_I2_CHECK
#define CHECK_I2(t) skip
#else
#define CHECK_I2(t) assert(MINE(t, 0) == 0 || inCopy[t]) /* @property no-user-code-in-transient-window */
#endif

/* A reader dereferences a cell (copies the instance out, or uses a borrowed one). */
inline use(c) {
  assert(cstate[c] != FREED) /* [I1_use] @property no-use-after-free */
}

/* Any access to slot b (its cell word, retired count, locks): the slot must not be deallocated.
 * Only SCEN_LIFETIME deallocates slots whose readers and writers hold no reference of their own
 * (a box a lifetime holds weakly); elsewhere a slot outlives every access. */
#ifdef SCEN_LIFETIME
inline slotuse(b) {
  assert(!boxGone[b])  /* @property no-use-after-free */
}
#else
inline slotuse(b) { skip }
#endif

/* The last release of a cell: the instance's deinit, user code (I2, I10). */
inline free(t, c) {
  atomic {
    assert(cstate[c] == LIVE);                  /* [I5_free] @property no-double-free */
    assert(heldCL[t] == 0 && heldRL[t] == 0 && HELDLL(t) == 0);  /* [I10_free] @property no-release-under-lock */
    CHECK_I2(t);                                /* @property no-user-code-in-transient-window */
    cstate[c] = FREED
  }
}

/* Unmanaged.release of a cell: the last reference's release runs the deinit. */
inline dropref(t, c) {
  atomic {
    refs[c]--;
    if
    :: refs[c] == 0 -> free(t, c)
    :: else -> skip
    fi
  }
}

/* _Slot.release, as coded: the release waits for _FactoryStack.releaseDeferred only while a
 * factory or update frame is pushed on this thread (si_factory_stack_top() != nil); a read made
 * under the creation lock before the push takes no protected read at all (beginCreation takes a
 * reference under the state lock instead). */
#define DEFERS(t) (inFactory[t])   /* @code(Slot.swift: if si_factory_stack_top() != nil {) */
inline release(t, c) {
  if
  :: DEFERS(t) -> deferred[t] = deferred[t] | (1 << c)
  :: else -> dropref(t, c)
  fi
}

/* _FactoryStack.releaseDeferred, after the creation lock is released. */
inline releaseDeferred(t) {
  do
  :: deferred[t] == 0 -> break
  :: else ->
     atomic {
       d = 1;
       do :: (deferred[t] >> d) & 1 -> break :: else -> d++ od;
       deferred[t] = deferred[t] & ~(1 << d)
     };
     dropref(t, d);
     d = 0
  od
}

/* ---- The writer's side (I5, I8) --------------------------------------------------------- */

/* si_hazard_barrier: membarrier (every thread fences) or a fence of the writer's own. */
inline barrier(t, b) {
#ifdef TSO
  if
  :: ASYM(b) ->
#ifdef MUTANT_NO_BARRIER
     skip
#else
     atomic { flushall() }  /* [I8_membarrier] @code(Hazard.c: if (syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0) {) */
#endif
  :: else -> atomic { flushown(t) }
  fi
#else
  skip
#endif
}

/* _Slot.scanRetired: barrier, then scan every hazard word for each retired cell of slot b;
 * the unprotected ones leave the list for release after unlocking. One step per hazard word
 * read; what the step decides about the retired list (touched only under the retire lock) goes
 * with it. */
inline scan(t, b) {
  barrier(t, b);
  atomic { c = 0; NEXTLISTED(b); u = nxt[0] };
  do
  :: c == NCELL -> break
  :: else ->
     atomic {  /* [I5_scan] @code(Slot+Reclamation.swift: if si_hazard_is_protected(cell) { return false }) */
       if
       :: HOLDS(u, c) -> prot = true; u = NUNITS
       :: else -> u = nxt[u + 1]
       fi;
       if
       :: u == NUNITS ->
          if
          :: !prot -> listed[c] = false; freeset = freeset | (1 << c); nfree++
          :: else -> skip                         /* deferred: its last reader releases it */
          fi;
          prot = false; NEXTLISTED(b); u = nxt[0]
       :: else -> skip
       fi
     }
  od;
  c = 0; u = 0
}

/* _Slot.reclaim: under the retire lock, scan; a slot where cells still wait registers in
 * _DeferredSlots (for threads that exit inside a borrow: I12) and scans once more; a slot with
 * none left unregisters. Then unlock, and release the unprotected cells (I10). Never waits. */
inline reclaim(t, b) {
  atomic { retireLock[b] == 0 -> slotuse(b); retireLock[b] = t + 1; heldRL[t]++; FLUSHOWN(t) };
  scan(t, b);
  atomic {  /* @code(Slot+Reclamation.swift: if !retired.isEmpty && !isDeferring {) */
    c = 0; NEXTLISTED(b);
    if
    :: c < NCELL && !deferring[b] -> deferring[b] = true; rescan = true  /* [I12_register] */
    :: else -> skip
    fi;
    c = 0
  };
  if
  :: rescan ->
#ifndef MUTANT_NO_RESCAN
     scan(t, b);  /* @code(Slot+Reclamation.swift: _DeferredSlots.add(self)) */
#endif
     rescan = false
  :: else -> skip
  fi;
  atomic {
    c = 0; NEXTLISTED(b);
    if
    :: c == NCELL && deferring[b] -> deferring[b] = false  /* @code(Slot+Reclamation.swift: _DeferredSlots.remove(self)) */
    :: else -> skip
    fi;
    FLUSHOWN(t); rcount[b] = rcount[b] - nfree; nfree = 0;
    retireLock[b] = 0; heldRL[t]--; c = 0; u = 0
  };
  do                                              /* released after unlocking (I10) */
  :: freeset == 0 -> break
  :: else ->
     atomic {
       c = 1;
       do :: (freeset >> c) & 1 -> break :: else -> c++ od;
       freeset = freeset & ~(1 << c)
     };
     release(t, c);
     c = 0
  od
}

/* _Slot.retire: list and count the cell before the barrier and the scan (I5, I6). */
inline retire(t, b, old) {
  if
  :: old != 0 ->
     atomic { retireLock[b] == 0 -> FLUSHOWN(t); listed[old] = true; rcount[b]++ };  /* [I6_count] @code(Slot+Reclamation.swift: si_int_fetch_add(words + Self.retiredWord, 1)) */
     reclaim(t, b)
  :: else -> skip
  fi;
  old = 0
}

/* A change (set: a new cell; reset: none) under the state lock, then retire the old cell. */
inline change(t, b, nc, old) {
  atomic { slotuse(b); FLUSHOWN(t); GEN_BUMP(b); old = cur[b]; cur[b] = nc };
  retire(t, b, old)
}

inline newcell(b, nc) {
  atomic {
    assert(cstate[nextcell] == UNUSED);    /* [I7_fresh] @property published-once */
    nc = nextcell; nextcell++; cstate[nc] = LIVE; owner[nc] = b; refs[nc] = 1
  }
}

/* ---- The reader's side (I1-I4, I6) ---------------------------------------------------------- */

#ifdef MUTANT_NO_RETRIED
#define RETRIED(r) false
#else
#define RETRIED(r) (r)
#endif

/* Ends a read or a borrow (si_hazard_end_read / si_hazard_end_borrow, then _Slot.readEnded):
 * clear the word, load the retired count, and reclaim if this reader's cell was replaced or its
 * protection retried (I4, I6). */
inline endword(t, k, b, cell, retried) {
  hstore(t, k, 0, b);
  afterClear(t, b, cell, retried)
}

/* The last use of the cell and the clearing of its word, in one step: a cell found live at its
 * last use was live at every earlier one (FREED is final), so checking there is enough. */
inline useThenEnd(t, k, b, cell, retried) {
  atomic { use(cell); hstore(t, k, 0, b) };
  afterClear(t, b, cell, retried)
}

inline afterClear(t, b, cell, retried) {
  if  /* [I6_end] @code(Slot.swift: if _slowPath(si_hazard_end_borrow(borrow.word, words + Self.retiredWord, symmetric) != 0) {) */
  :: rcount[b] != 0 ->
     if
     :: RETRIED(retried) || cur[b] != cell -> reclaim(t, b)  /* [I4_retried] @code(Slot.swift: if retried || si_ptr_load_seq_cst(current) != cell { reclaim() }) */
     :: else -> skip
     fi
  :: else -> skip
  fi
}

/* si_hazard_protect_word: load, store the word, validate by loading again (I1); a failed
 * validation retries with the new cell and is remembered (I4). Retry to empty: the word is
 * cleared and the read ends the I6 way (MUTANT_HOLE2 only clears it). */
inline protect(t, k, b, p, retried, again) {
  atomic { slotuse(b); retried = false; p = cur[b] };
  do
  :: p == 0 -> break
  :: else ->
     hstore(t, k, p, b);  /* @code(si_hazard.h: __atomic_store_n(word, pointer, __ATOMIC_RELEASE);) */
#ifdef MUTANT_NO_VALIDATION
     break
#else
     atomic {  /* [I1_validate] @code(si_hazard.h: again = __atomic_load_n(slot, __ATOMIC_ACQUIRE);) */
       if
       :: cur[b] == p -> break
       :: else -> retried = true; p = cur[b]
       fi
     }
#endif
  od;
  if
  :: p == 0 && retried ->
#ifdef MUTANT_HOLE2
     hstore(t, k, 0, b)
#else
     endword(t, k, b, 0, retried)  /* [I11_retry_to_empty] @code(TransientRead.swift: if _slowPath(retried) { emptiedRead(hazard, symmetric: symmetric) }) */
#endif
  :: else -> skip
  fi
}

/* Copy the instance out, then end the read (I3): Resettable.value of a class instance, one C
 * call that retains before the release store that clears the word. */
inline copyThenEnd(t, b, p, retried) {  /* @code(Hazard.c: SI_RETAIN_OBJECT(object);) */
#ifdef MUTANT_CLEAR_BEFORE_COPY
  endword(t, 0, b, p, retried);
  use(p)
#else
  useThenEnd(t, 0, b, p, retried)  /* [I3_copy] @code(Hazard.c: __asm__ volatile("" : : "r"(copy) : "memory");) */
#endif
}

/* A transient read that reports nothing. */
inline plainRead(t, b, p, retried, again) {
  protect(t, 0, b, p, retried, again);
  if
  :: p != 0 -> copyThenEnd(t, b, p, retried)
  :: else -> skip
  fi
}

/* A report (Issue.record, XCTFail: user code through the test framework's hooks) that reads
 * another box with the transient word and resets the box whose read reported. */
inline hook(t, b) {
  CHECK_I2(t);  /* [I2_hook] @property no-user-code-in-transient-window */
  hb = 1 - b;
  plainRead(t, hb, hp, hretried, hagain);
  hp = 0; hretried = false; hb = 0;
  change(t, b, 0, hold)
}

/* A transient read that may report (strict mode, a .required box, a late use): the report runs
 * after the read ended; MUTANT_HOLE1 runs it inside the transient window,
 * between protection and copy. */
inline tread(t, b, p, retried, again, strict) {
  protect(t, 0, b, p, retried, again);
  if
  :: p != 0 ->
#ifdef MUTANT_HOLE1
     if :: strict -> hook(t, b) :: else -> skip fi;
#endif
     copyThenEnd(t, b, p, retried);
#ifndef MUTANT_HOLE1
     if :: strict -> hook(t, b) :: else -> skip fi;  /* [I13_report_after_read] */
#endif
     skip
  :: else -> skip
  fi
}

/* A release of the scope that owns box 1's slot; the last one deallocates the scope, and the
 * slot releases its cells directly, without a scan: every read and borrow of the slot holds a
 * reference to the scope until it ends (I9), so no hazard word holds them. */
inline dropScope(t) {
  atomic { scopeRefs--; c = scopeRefs };
  if
  :: c == 0 ->
     atomic { c = cur[1]; cur[1] = 0 };  /* [I9_scope_gone] @code(Slot.swift: if let word = current.pointee { Self.release(word) }) */
     if :: c != 0 -> release(t, c) :: else -> skip fi;
     c = 1;
     do
     :: c < NCELL ->
        if
        :: listed[c] && owner[c] == 1 -> atomic { listed[c] = false; rcount[1]-- }; release(t, c)
        :: else -> skip
        fi;
        c++
     :: else -> break
     od
  :: else -> skip
  fi;
  c = 0
}

#ifdef SCEN_LIFETIME
/* ---- SharedLifetime (SCEN_LIFETIME) -------------------------------------------------------
 * A lifetime holds its boxes weakly. Box 0 is a box a test made and handed to other work
 * (threads 0 and 2 hold it; the last of them to drop it deallocates it); box 1 is a member
 * declared as a `static let` (held for ever). A read or borrow of a box holds a reference to it
 * for the whole call (the caller's `self`), so a box's slot is deallocated only when no read or
 * borrow of it runs, and its deinit releases its cells without a scan, as a scope's slot does. */

/* Dropping a strong reference to box b (swift_release: a locked decrement). The last one
 * deallocates the box and its slot, whose deinit releases the current cell and every retired
 * one directly. Every read and borrow of the box has ended by then (each held a reference), and
 * so has the end of each, its reclaim included: no retired cell waits, and the registry of
 * waiting slots no longer holds this slot (checked: the deinit's loop over retired cells has
 * nothing to release). */
inline dropBox(t, b) {
  atomic { FLUSHOWN(t); boxRefs[b]--; c = boxRefs[b] };
  if
  :: c == 0 ->
     atomic {
       assert(!deferring[b] && rcount[b] == 0);  /* @property gone-box-has-no-waiting-cell */
       boxGone[b] = true; c = cur[b]; cur[b] = 0
     };
     if :: c != 0 -> release(t, c) :: else -> skip fi;  /* @code(Slot.swift: if let word = current.pointee { Self.release(word) }) */
     c = 1;
     do
     :: c < NCELL ->
        if
        :: listed[c] && owner[c] == b ->
           atomic { listed[c] = false; rcount[b]-- };
           release(t, c)  /* @code(Slot.swift: for word in retired { Self.release(word) }) */
        :: else -> skip
        fi;
        c++
     :: else -> break
     od
  :: else -> skip
  fi;
  c = 0
}

/* Loading a weak reference to box b under the lifetime's lock: a strong reference if the box is
 * alive (the runtime's increment fails once the strong count reached zero), else nil and the
 * membership is pruned. MUTANT_LIFETIME_UNOWNED keeps an unowned(unsafe) reference instead:
 * it notes the box alive and takes no reference. */
inline weakLoad(b, live) {
  atomic {
    if
#ifdef MUTANT_LIFETIME_UNOWNED
    :: boxRefs[b] > 0 -> live = true
#else
    :: boxRefs[b] > 0 -> boxRefs[b]++; live = true  /* [I13_lifetime_strong] @code(SharedLifetime.swift: guard let box = membership.box else { return true }) */
#endif
    :: else -> live = false
    fi
  }
}

inline lockLifetime(t) {
  atomic { lifetimeLock == 0 -> lifetimeLock = t + 1; heldLL[t]++; FLUSHOWN(t) }
}

inline unlockLifetime(t) {
  atomic { lifetimeLock = 0; heldLL[t]--; FLUSHOWN(t) }
}

/* Drops the strong references a weak load made (MUTANT_LIFETIME_UNOWNED made none). */
inline dropLive(t, live0, live1) {
#ifndef MUTANT_LIFETIME_UNOWNED
  if :: live0 -> dropBox(t, 0) :: else -> skip fi;
  if :: live1 -> dropBox(t, 1) :: else -> skip fi;
#endif
  live0 = false; live1 = false
}

/* SharedLifetime.add (a box declared in the lifetime): under the lock, the members' weak
 * references made strong (_liveBoxes, pruning the dead) and the new membership appended; the
 * strong references dropped after unlocking: one may be the last reference to its box, whose
 * deinit releases instances (I10). MUTANT_LIFETIME_ADD_DROPS_UNDER_LOCK drops them under the
 * lock. */
inline addMember(t, live0, live1) {
  lockLifetime(t);
  weakLoad(0, live0);
  weakLoad(1, live1);
#ifdef MUTANT_LIFETIME_ADD_DROPS_UNDER_LOCK
  dropLive(t, live0, live1);
#endif
  unlockLifetime(t);  /* @code(SharedLifetime.swift: withExtendedLifetime(live) {}) */
  dropLive(t, live0, live1)
}
#endif

#define RECLAIM_LOCALS byte c, u, nfree, d; bool prot, rescan; int freeset
#define HOOK_LOCALS byte hb, hp, hagain, hold; bool hretried

/* ---- Processes --------------------------------------------------------------------------- */

/* Changes: up to MAXCH sets or resets of either box, then stops (at any point). */
proctype Writer(byte t) {
  RECLAIM_LOCALS;
  byte b, nc, old;
#ifdef SCEN_SCOPE
  bool ended;   /* a scope's slot changes only while its test runs */
#define MAYCHANGE (changes < MAXCH && !ended)
#else
#define MAYCHANGE (changes < MAXCH)
#endif
  do
  :: MAYCHANGE ->
     /* A new cell is private until published: allocating it and the exchange under the state
      * lock are one step. */
     atomic {
       changes++;
       if :: b = 0 :: b = 1 fi;
       if :: newcell(b, nc) :: nc = 0 fi;
       FLUSHOWN(t); GEN_BUMP(b); old = cur[b]; cur[b] = nc; nc = 0
     };
     retire(t, b, old);
     b = 0
#ifdef SCEN_SCOPE
  :: !ended -> ended = true; dropScope(t)  /* the test ends: the scope's own reference goes */
#endif
  :: break
  od;
#ifdef SCEN_SCOPE
  if :: !ended -> dropScope(t) :: else -> skip fi;
#endif
  running--
}

/* A second reader: one transient read or one borrow of either box. */
proctype Reader2(byte t) {
  RECLAIM_LOCALS;
  byte b, p, again; bool retried;
#ifdef SCEN_LIFETIME
  /* Work the test handed box 0 to: maybe a read of it, then its reference dropped; then maybe a
   * box declared in the lifetime (SharedLifetime.add), whose drops may be box 0's last. */
  bool live0, live1;
  if :: plainRead(t, 0, p, retried, again) :: skip fi;
  dropBox(t, 0);
  if :: addMember(t, live0, live1) :: skip fi;
#else
#ifdef SCEN_SCOPE
  b = 0;  /* box 1 is the scope's: only the borrow that retains the scope reads it */
#else
  if :: b = 0 :: b = 1 fi;
#endif
  plainRead(t, b, p, retried, again);
#endif
  running--
}

/* SCEN_READS: a borrow (withValue) of box 0 (both boxes start alike: it stands for either)
 * whose closure makes a transient read or a nested borrow of either box.
 * SCEN_HOOK: a transient read of box 0 that reports (strict mode, a .required box, a late use);
 * the report's hook reads box 1 and resets box 0. */
proctype Reader(byte t) {
  RECLAIM_LOCALS;
#ifdef SCEN_SCOPE
  /* A borrow of box 1, a scope's slot, by work that holds the scope only through the context it
   * runs in (a carried SharedScope): the borrow retains the scope until it ends
   * (_ScopedBorrow), and the closure may drop the context's reference meanwhile.
   * MUTANT_SCOPE_UNRETAINED borrows without retaining the scope. */
  byte p, again; bool retried, context;
  context = true;
#ifndef MUTANT_SCOPE_UNRETAINED
  atomic { scopeRefs++ };  /* [I9_borrow_retains_scope] @code(Scope+Borrow.swift: self.scope = scope.map { .passRetained($0) }) */
#endif
  protect(t, 1, 1, p, retried, again);
  if
  :: p != 0 ->
     if :: context -> dropScope(t); context = false :: skip fi;  /* the closure drops the context */
     useThenEnd(t, 1, 1, p, retried)
  :: else -> skip
  fi;
#ifndef MUTANT_SCOPE_UNRETAINED
  dropScope(t);
#endif
  if :: context -> dropScope(t) :: else -> skip fi;
#else
#ifdef SCEN_LIFETIME
  /* The test: a borrow (withValue) of box 0, which it holds, whose closure may read box 1;
   * then it drops its reference to box 0, maybe the last. */
  byte p, q, again; bool retried, retried2;
  protect(t, 1, 0, p, retried, again);
  if
  :: p != 0 ->
     if :: plainRead(t, 1, q, retried2, again) :: skip fi;
     q = 0; retried2 = false;
     useThenEnd(t, 1, 0, p, retried)
  :: else -> skip
  fi;
  dropBox(t, 0);
#else
#ifdef SCEN_NESTED
  /* A transient read of box 0 whose copy runs user code (a C++ copy constructor, an Objective-C
   * retain) that reads either box: the transient word is taken, so the nested read protects
   * with a free borrow word, or, with every word taken, takes a reference under the state lock
   * and drops it when done (which may run a deinit inside the outer window: user code the
   * library cannot keep out, and memory-safe). Then the outer copy completes and ends.
   * MUTANT_NESTED_TRANSIENT protects the nested read with the transient word itself. */
  byte b2, p, q, again; bool retried, retried2;
  protect(t, 0, 0, p, retried, again);
  if
  :: p != 0 ->
     inCopy[t] = true;
     if :: b2 = 0 :: b2 = 1 fi;
     if
     :: MINE(t, 1) == 0 ->  /* @code(TransientRead.swift: guard si_hazard_transient_is_free(record) else {) */
#ifdef MUTANT_NESTED_TRANSIENT
        protect(t, 0, b2, q, retried2, again);
        if :: q != 0 -> useThenEnd(t, 0, b2, q, retried2) :: else -> skip fi
#else
        protect(t, 1, b2, q, retried2, again);  /* [I2_nested_borrow_word] @code(TransientRead.swift: guard let hazard = si_hazard_free_borrow_word(si_hazard_current()) else {) */
        if :: q != 0 -> useThenEnd(t, 1, b2, q, retried2) :: else -> skip fi
#endif
     :: true ->             /* every borrow word taken (seven in the code; any here) */
        atomic {  /* [I2_nested_reference] */
          FLUSHOWN(t); q = cur[b2];
          if :: q != 0 -> refs[q]++ :: else -> skip fi  /* @code(TransientRead.swift: Self.retain(word)) */
        };
        if
        :: q != 0 -> use(q); release(t, q)  /* @code(TransientRead.swift: _Slot.release(word!)) */
        :: else -> skip
        fi
     fi;
#ifndef NO_NESTED_CHECK
     assert(MINE(t, 0) == p);  /* @property nested-read-keeps-outer-word */
#endif
     q = 0; retried2 = false;
     inCopy[t] = false;
     copyThenEnd(t, 0, p, retried)
  :: else -> skip
  fi;
#else
#ifdef SCEN_HOOK
  HOOK_LOCALS;
  byte p, again; bool retried;
  tread(t, 0, p, retried, again, true);
#else
#ifdef SCEN_BORROW_REPORT
  /* A borrow (withValue) of box 0 in a scope whose checks report (strict mode, a .required box,
   * a late use) under the borrow word alone, before the closure runs: the report's hook reads
   * box 1 with the transient word and resets box 0, whose cell is then deferred to the borrow
   * word; the closure uses the cell, and the borrow ends. MUTANT_BORROW_REPORT_TRANSIENT
   * protects the borrow with the transient word instead. */
  HOOK_LOCALS;
  byte p, again; bool retried;
#ifdef MUTANT_BORROW_REPORT_TRANSIENT
#define BORROW_WORD 0
#else
#define BORROW_WORD 1
#endif
  protect(t, BORROW_WORD, 0, p, retried, again);  /* @code(Slot.swift: guard let word = si_hazard_free_borrow_word(si_hazard_current()) else { return nil }) */
  if
  :: p != 0 ->
     hook(t, 0);  /* [I13_borrow_report] @code(ScopedReads.swift: scope.didRead(slotRef, identity: identity, kind: borrow.kind)) */
     useThenEnd(t, BORROW_WORD, 0, p, retried)
  :: else -> skip
  fi;
#else
  byte b2, p, q, again; bool retried, retried2;
  protect(t, 1, 0, p, retried, again);
  if
  :: p != 0 ->
     if :: b2 = 0 :: b2 = 1 fi;
     if
     :: plainRead(t, b2, q, retried2, again)
     :: protect(t, 2, b2, q, retried2, again);
        if
        :: q != 0 -> useThenEnd(t, 2, b2, q, retried2)
        :: else -> skip
        fi
     fi;
     useThenEnd(t, 1, 0, p, retried)
  :: else -> skip
  fi;
#endif
#endif
#endif
#endif
#endif
  running--
}

/* A store the thread-exit destructor makes: a release store, buffered in TSO mode whatever the
 * slot's fence mode. */
inline rstore(t, k, v) {
#ifdef TSO
  atomic {
    if :: sbn[t] == SB -> flushone(t) :: else -> skip fi;
    ENTRY(t, sbn[t]) = W(t, k) * 16 + v;
    sbn[t]++
  }
#else
  hz[W(t, k)] = v
#endif
}

/* SCEN_EXIT: a borrow (maybe with a nested borrow) whose closure ends its thread
 * (pthread_exit, Thread.exit()). si_hazard_detach, as coded: clears every word of the record,
 * fences once, then (_DeferredSlots.reclaimEverywhere) reclaims in every slot registered as
 * having waiting cells, read from the registry in one step. MUTANT_HOLE4 clears the words and
 * reclaims nowhere. */
proctype Exiter(byte t) {
  RECLAIM_LOCALS;
  byte b, b2, p, q, again; bool retried, retried2, d0, d1;
  b = 0;                 /* both boxes start alike: box 0 stands for either (symmetry) */
  protect(t, 1, b, p, retried, again);
  if
  :: p != 0 ->
     use(p);
     if
     :: if :: b2 = 0 :: b2 = 1 fi;
        protect(t, 2, b2, q, retried2, again);
        if :: q != 0 -> use(q) :: else -> skip fi
     :: skip
     fi;
     /* the thread exits: its destructor runs */
     rstore(t, 0, 0);     /* @code(Hazard.c: __atomic_store_n(&record->transient, 0, __ATOMIC_RELEASE);) */
     rstore(t, 1, 0);     /* @code(Hazard.c: __atomic_store_n(&record->borrows[i], 0, __ATOMIC_RELEASE);) */
     rstore(t, 2, 0);
     /* The record held a word (the borrow's), so the fence and the reclaims run; a thread that
      * exits holding none skips them: no cell was deferred to it. */
#ifndef MUTANT_HOLE4  /* @code(Hazard.c: if (held) {) */
     atomic { FLUSHOWN(t) };  /* [I12_thread_exit] @code(Hazard.c: __atomic_thread_fence(__ATOMIC_SEQ_CST);) */
     atomic { d0 = deferring[0]; d1 = deferring[1] };  /* @code(Slot+Reclamation.swift: let waiting: [_Slot] = slots.withLock { $0 }) */
     if :: d0 -> reclaim(t, 0) :: else -> skip fi;
     if :: d1 -> reclaim(t, 1) :: else -> skip fi
#endif
  :: else -> skip
  fi;
  running--
}

/* SCEN_CREATE: _Slot.loadOrCreate of box 1 (empty at first), as coded: a protected read; if
 * empty, beginCreation enters the creation gate (its lock, then the creator word) and looks at
 * the slot under its state lock, taking a reference to a cell found or its generation; unlock
 * (endCreation), releaseDeferred, then copy the instance out of the found cell and drop the
 * reference. With none found, the factory (its frame pushed: releases there are deferred) reads
 * box 0, and its cell is installed unless a change landed since; unlock, releaseDeferred, and
 * again with a dropped result. MUTANT_HOLE3 looks with a protected read under the creation
 * lock instead, whose end may reclaim, and so release, there. */
proctype Creator(byte t) {
  RECLAIM_LOCALS;
  byte p, q, again, startedIn, nc; bool retried, retried2, ok, installed;
  plainRead(t, 1, p, retried, again);  /* @code(Slot+Changes.swift: if let loaded = loadWithKind(Shared.self, symmetric: isScoped) { return loaded }) */
  if
  :: p != 0 -> goto finish
  :: else -> skip
  fi;
  do
  :: atomic { creationLock[1] == 0 -> creationLock[1] = t + 1; heldCL[t]++; FLUSHOWN(t) };  /* @code(CreationGate.swift: lock.lock()) */
#ifndef MUTANT_NO_CREATOR_WORD
     creator1 = t + 1;  /* [I15_creator_word] @code(CreationGate.swift: si_int_store_release(holderWord, Int(bitPattern: si_current_thread()))) */
#endif
     installed = false;
#ifdef MUTANT_HOLE3
     plainRead(t, 1, p, retried, again);
     atomic { ok = (p == 0 && cur[1] == 0); if :: ok -> startedIn = gen[1] :: else -> skip fi };
#else
     atomic {  /* [I13_creation_reference] */
       FLUSHOWN(t);
       if
       :: cur[1] != 0 -> p = cur[1]; refs[p]++; ok = false  /* @code(Slot+Changes.swift: Self.retain(word)  // our own `_Cell`: no user code under the lock) */
       :: else -> startedIn = gen[1]; ok = true
       fi
     };
#endif
     if
     :: ok ->
        inFactory[t] = true;  /* @code(Slot+Changes.swift: _FactoryStack.push(identity)) */
        CHECK_I2(t);  /* [I10_factory] @property no-user-code-in-transient-window */
        if
        :: plainRead(t, 0, q, retried2, again)  /* the factory reads another box */
        :: plainRead(t, 1, q, retried2, again);  /* or its own: loadOrCreate again */
           if
           :: q == 0 && creator1 == t + 1 ->  /* @code(CreationGate.swift: if isHeldByCurrentThread { try policy.reentered() }) */
              assert(creationLock[1] == t + 1);  /* @property reentrancy-report-is-true */
              halted = true;  /* the program stops with the message, instead of a deadlock */
              goto finish
           :: q == 0 && creator1 != t + 1 ->
              /* beginCreation again: its own creation lock, held, never comes free */
              atomic { creationLock[1] == 0 -> creationLock[1] = t + 1; heldCL[t]++ }
           :: else -> skip  /* a change published an instance meanwhile: the read returns it */
           fi
        fi;
        q = 0; retried2 = false;
        inFactory[t] = false;
        newcell(1, nc);
        atomic {
          FLUSHOWN(t);
          if
          :: gen[1] == startedIn -> gen[1]++; cur[1] = nc; installed = true
          :: else -> skip
          fi
        };
        ok = false
     :: else -> skip
     fi;
     atomic { creator1 = 0; creationLock[1] = 0; heldCL[t]-- };  /* @code(CreationGate.swift: lock.unlock()) */
     releaseDeferred(t);
     if
     :: installed -> break
     :: p != 0 ->
#ifndef MUTANT_HOLE3
        use(p);
        release(t, p);  /* @code(Slot+Changes.swift: Self.release(found)) */
#endif
        break
     :: else ->
        if
        :: nc != 0 -> dropref(t, nc); nc = 0  /* dropped: never published */
        :: else -> skip
        fi
     fi
  od;
finish:
  running--
}

/* SCEN_UPDATE: _Slot.update of box 1, as coded: beginUpdate takes the creation lock, pushes
 * the update's frame (releases there are deferred), and takes a reference to the current cell
 * under the state lock with its generation; the instance is copied out and the reference
 * dropped (deferred); the transform (user code) reads box 0; its result is published unless a
 * change landed since (else it is dropped and the update runs again); endUpdate pops the frame
 * and unlocks; releaseDeferred; the replaced cell is retired. The writer changes either box
 * meanwhile. MUTANT_UPDATE_UNDEFERRED drops the reference before the frame is pushed, under the
 * creation lock. */
proctype Updater(byte t) {
  RECLAIM_LOCALS;
  byte p, q, again, startedIn, nc, old; bool retried2, published;
  do
  :: atomic { creationLock[1] == 0 -> creationLock[1] = t + 1; heldCL[t]++; FLUSHOWN(t) };
#ifndef MUTANT_UPDATE_UNDEFERRED
     inFactory[t] = true;  /* @code(Slot+Changes.swift: _FactoryStack.push(identity, isUpdate: true)) */
#endif
     atomic {
       FLUSHOWN(t); startedIn = gen[1]; p = cur[1];
       if :: p != 0 -> refs[p]++ :: else -> skip fi
     };
     if
     :: p != 0 ->
        use(p);
        release(t, p)  /* [I10_update] @code(Slot+Changes.swift: if let seen { Self.release(seen) }) */
     :: else -> skip
     fi;
#ifdef MUTANT_UPDATE_UNDEFERRED
     inFactory[t] = true;
#endif
     CHECK_I2(t);  /* @property no-user-code-in-transient-window */
     plainRead(t, 0, q, retried2, again);  /* the transform reads another box */
     q = 0; retried2 = false;
     newcell(1, nc);
     atomic {
       FLUSHOWN(t);
       if  /* @code(Slot+Changes.swift: guard generation == startedIn else { return .none }) */
       :: gen[1] == startedIn -> gen[1]++; old = cur[1]; cur[1] = nc; nc = 0; published = true
       :: else -> published = false
       fi
     };
     inFactory[t] = false;
     atomic { creationLock[1] = 0; heldCL[t]-- };
     releaseDeferred(t);
     p = 0;
     if
     :: published -> retire(t, 1, old); break  /* @code(Slot+Changes.swift: retire(previous)) */
     :: else -> dropref(t, nc); nc = 0
     fi
  od;
  running--
}

/* SCEN_OVERRIDE: withOverride of box 1, as coded: the override's cell is published and the
 * current one taken out under the state lock, without being retired (I7: it is put back, and a
 * retired cell is never published again); the body reads the box; then the saved cell is put
 * back and what it replaces (the override, or a change the writer made meanwhile) is retired.
 * MUTANT_OVERRIDE_RETIRES_SAVED retires the saved cell when it takes it out, as a change would,
 * and puts it back all the same. */
proctype Overrider(byte t) {
  RECLAIM_LOCALS;
  byte p, again, nc, saved, old; bool retried;
  newcell(1, nc);
  atomic { FLUSHOWN(t); saved = cur[1]; cur[1] = nc; nc = 0 };  /* @code(Resettable+Override.swift: let saved = slot.exchange(_Slot.makeCell(replacement, kind: .double))) */
#ifdef MUTANT_OVERRIDE_RETIRES_SAVED
  old = saved;
  retire(t, 1, old);
#endif
  plainRead(t, 1, p, retried, again);  /* the body reads the box */
  p = 0; retried = false;
  atomic { FLUSHOWN(t); old = cur[1]; cur[1] = saved; saved = 0 };  /* [I7_put_back] @code(Resettable+Override.swift: return { slot.retire(slot.exchange(saved)) }) */
  retire(t, 1, old);
  running--
}

#ifdef SCEN_LIFETIME
/* SCEN_LIFETIME: SharedLifetime.end, up to MAXCH times, with sets of box 1 (a new session's
 * value) between them, as coded: the live members made strong under the lifetime's lock
 * (_liveBoxes); after unlocking, each reset (Resettable._endLifetime: a change to empty, its
 * cell retired), then the strong references dropped, each maybe its box's last.
 * MUTANT_LIFETIME_END_UNDER_LOCK resets and drops the members under the lock. */
proctype Ender(byte t) {
  RECLAIM_LOCALS;
  byte nc, old; bool live0, live1;
  do
  :: changes < MAXCH ->
     changes++;
     lockLifetime(t);  /* @code(SharedLifetime.swift: let boxes = members.withLock { members in _liveBoxes(pruning: &members) }) */
     weakLoad(0, live0);
     weakLoad(1, live1);
#ifndef MUTANT_LIFETIME_END_UNDER_LOCK
     unlockLifetime(t);
#endif
     if :: live0 -> change(t, 0, 0, old) :: else -> skip fi;  /* @code(SharedLifetime.swift: for box in boxes { box._endLifetime(at: location) }) */
     if :: live1 -> change(t, 1, 0, old) :: else -> skip fi;  /* @code(Resettable+Lifetime.swift: _slotForChange(.reset, location: location)?.clear()) */
     dropLive(t, live0, live1);
#ifdef MUTANT_LIFETIME_END_UNDER_LOCK
     unlockLifetime(t);
#endif
     skip
  :: changes < MAXCH ->
     changes++;
     newcell(1, nc);
     change(t, 1, nc, old);
     nc = 0
  :: break
  od;
  running--
}
#endif

#ifdef TSO
/* The memory system: drains one store-buffer entry of some thread, oldest first. */
active proctype Flusher() {
end:
  do
  :: atomic { sbn[0] > 0 -> flushone(0) }
  :: atomic { sbn[1] > 0 -> flushone(1) }
  :: atomic { sbn[2] > 0 -> flushone(2) }
  od
}
#endif

/* Starts the scenario, then checks quiescence: once every thread has finished (and the store
 * buffers drained), no retired cell remains, every cell is current or freed, and nothing
 * waits for a release. */
init {
  byte c;
  atomic {
    c = NUNITS;
    nxt[NUNITS] = NUNITS;
    do
    :: c > 0 -> c--; nxt[c] = (UNITUSED(c) -> c : nxt[c + 1])
    :: else -> break
    od;
    cstate[1] = LIVE; owner[1] = 0; cur[0] = 1; refs[1] = 1;
#ifdef SCEN_CREATE
    nextcell = 2;
#else
    cstate[2] = LIVE; owner[2] = 1; cur[1] = 2; refs[2] = 1;
    nextcell = 3;
#endif
#ifdef SCEN_SCOPE
    scopeRefs = 2;  /* the test's, and the context of the work that borrows */
#endif
#ifdef SCEN_LIFETIME
    boxRefs[0] = 2;  /* the test's (thread 0), and the work's it handed the box to (thread 2) */
    boxRefs[1] = 1;  /* a static let's */
#endif
    running = NT;
#ifdef SCEN_CREATE
    run Creator(0);
#else
#ifdef SCEN_UPDATE
    run Updater(0);
#else
#ifdef SCEN_OVERRIDE
    run Overrider(0);
#else
#ifdef SCEN_EXIT
    run Exiter(0);
#else
    run Reader(0);
#endif
#endif
#endif
#endif
#ifdef SCEN_LIFETIME
    run Ender(1);
#else
    run Writer(1);
#endif
    run Reader2(2)
  };
  running == 0;
#ifdef SCEN_CREATE
  if :: halted -> goto halted_end :: else -> skip fi;  /* the program stopped: no quiescence */
#endif
#ifndef NO_QUIESCENCE_CHECK
  atomic {
#ifdef TSO
    flushall();
#endif
    assert(rcount[0] == 0 && rcount[1] == 0);       /* [I6_quiescent] @property quiescent-no-retired-cell */
    c = 1;
    do
    :: c < NCELL ->
       assert(cstate[c] != LIVE || cur[owner[c]] == c); /* @property quiescent-no-retired-cell */
       assert((deferred[0] | deferred[1] | deferred[2]) == 0); /* @property quiescent-no-retired-cell */
       c++
    :: else -> break
    od
  }
#endif
#ifdef SCEN_CREATE
halted_end:
  skip
#endif
}
