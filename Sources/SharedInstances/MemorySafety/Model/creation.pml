/*
 * A service locator's exactly-once creation: its entries' creation gates (CreationGate.swift)
 * entered with the locator's policy (ServiceStore.swift, _ThrowOnCycle), as a Promela model for
 * spin, following the code as it is (lines that stand for code carry "@code(FILE: TEXT)", which
 * scripts/check-model.sh checks). README.md beside this file gives the bounds.
 *
 *   spin -a -DSCEN_RING creation.pml    # every factory needs the next one's service, in a ring
 *   spin -a -DSCEN_CHAIN creation.pml   # the last factory needs nothing
 *   gcc -O0 -DSAFETY -o pan pan.c && ./pan
 *
 * Thread t asks for entry t. Entry e's factory asks for entry e + 1 (mod NE); in SCEN_CHAIN the
 * last entry's factory needs nothing. A factory that gets an error rethrows it. Properties: no
 * thread waits forever (spin's end states: every thread reaches its end), at most one thread
 * runs an entry's factory at a time, a service is published once, in a ring every get throws the
 * circular-dependency error, in a chain every get returns its service. Each MUTANT_* puts one
 * defect back: MUTANT_NO_CYCLE_CHECK (wait without following the chain),
 * MUTANT_RECORD_ONLY_HELD (record a wait only when the gate's holder word names a thread, as if
 * a thread that has taken the gate's lock but not yet written its word held nothing) and
 * MUTANT_PER_LOCATOR_RECORD (the last entry belongs to a second locator, and each locator
 * records and follows only the waits at its own gates) deadlock; MUTANT_NO_GATE_LOCK (no lock:
 * the holder word alone) publishes a service twice.
 */

#define NT 3                 /* threads */
#define NE 3                 /* entries (lazy services) */
#ifdef SCEN_CHAIN
#define LEAF(e) ((e) == NE - 1)
#else
#define LEAF(e) false
#endif
#define LOCATOR(e) ((e) == NE - 1)  /* the locator an entry is registered in (the mutant's) */

byte gate[NE];               /* a gate's lock: its owner + 1, or 0 */
byte holder[NE];             /* a gate's holder word: a thread + 1, or 0 */
byte waitingFor[NT];         /* the process's `waiting`: the entry + 1 a thread waits at, or 0 */
bool published[NE];          /* an entry's service */
byte running[NE];            /* threads running an entry's factory now */
bool threw[NT];              /* what each thread's get ended with */
byte finished;

proctype Getter(byte t) {
  byte stack[NE];            /* the entries whose factories run on this thread, outermost first */
  byte depth, e, link, hops, count, k;
  bool cycle, failed;
  e = t;
ask:
  if
  :: published[e] -> failed = false; goto answered  /* @code(ServiceStore.swift: if let value = entry.load() { return value }) */
  :: else -> skip
  fi;
  if
  :: holder[e] == t + 1 -> failed = true; goto answered  /* @code(CreationGate.swift: if isHeldByCurrentThread { try policy.reentered() }) */
  :: else -> skip
  fi;
  atomic {  /* [willWait] under `waiting`'s lock: follow the chain, then record the wait */
    cycle = false; link = e; hops = 0; count = 0; k = 0;
    do
    :: k < NT -> if :: waitingFor[k] != 0 -> count++ :: else -> skip fi; k++
    :: else -> break
    od;
    do
    :: hops > count -> break  /* @code(ServiceStore.swift: for _ in 0...waiting.count {) */
    :: else ->
       if
       :: holder[link] == t + 1 -> cycle = true; break  /* @code(ServiceStore.swift: if creator == me { return path }) */
       :: holder[link] == 0 -> break
       :: else ->
          if
          :: waitingFor[holder[link] - 1] == 0 -> break
#ifdef MUTANT_PER_LOCATOR_RECORD
          :: waitingFor[holder[link] - 1] != 0 &&
             LOCATOR(waitingFor[holder[link] - 1] - 1) != LOCATOR(e) -> break
          :: waitingFor[holder[link] - 1] != 0 &&
             LOCATOR(waitingFor[holder[link] - 1] - 1) == LOCATOR(e) ->
             link = waitingFor[holder[link] - 1] - 1; hops++
#else
          :: else -> link = waitingFor[holder[link] - 1] - 1; hops++
#endif
          fi
       fi
    od;
#ifdef MUTANT_NO_CYCLE_CHECK
    cycle = false;
#endif
    if
    :: cycle -> skip
#ifdef MUTANT_RECORD_ONLY_HELD
    :: !cycle && holder[e] == 0 -> skip
    :: !cycle && holder[e] != 0 -> waitingFor[t] = e + 1
#else
    :: else -> waitingFor[t] = e + 1  /* @code(ServiceStore.swift: waiting[me] = entry) */
#endif
    fi
  };
  if
  :: cycle -> failed = true; goto answered
  :: else -> skip
  fi;
#ifndef MUTANT_NO_GATE_LOCK
  atomic { gate[e] == 0 -> gate[e] = t + 1 };  /* @code(CreationGate.swift: lock.lock()) */
#endif
  holder[e] = t + 1;  /* @code(CreationGate.swift: si_int_store_release(holderWord, Int(bitPattern: si_current_thread()))) */
  waitingFor[t] = 0;  /* the wait is over @code(ServiceStore.swift: Self.waiting.withLock { $0[me] = nil }) */
  atomic {  /* under the store's lock: look again */
    if
    :: published[e] -> holder[e] = 0; gate[e] = 0; failed = false; goto answered
    :: else -> skip
    fi
  };
  running[e]++;
  assert(running[e] == 1);  /* @property one-factory-run-at-a-time */
  stack[depth] = e; depth++;
  if
  :: LEAF(e) -> failed = false; goto answered
  :: else -> e = (e + 1) % NE; goto ask
  fi;
answered:  /* the answer goes to the factory that asked, if any, which rethrows an error */
  if
  :: depth == 0 -> goto done
  :: else -> skip
  fi;
  depth--; e = stack[depth];
  running[e]--;
  atomic {  /* under the store's lock */
    if
    :: !failed -> assert(!published[e]); published[e] = true  /* @property published-once */
    :: else -> skip
    fi
  };
  holder[e] = 0;  /* @code(CreationGate.swift: si_int_store_release(holderWord, 0)) */
  gate[e] = 0;    /* @code(CreationGate.swift: lock.unlock()) */
  goto answered;
done:
  threw[t] = failed;
  finished++
}

init {
  byte t;
  atomic {
    t = 0;
    do
    :: t < NT -> run Getter(t); t++
    :: else -> break
    od
  };
  finished == NT;
  t = 0;
  do
  :: t < NT ->
#ifdef SCEN_CHAIN
     assert(!threw[t]);  /* @property a-chain-is-no-cycle */
#else
     assert(threw[t]);  /* @property every-get-of-a-ring-throws */
#endif
     t++
  :: else -> break
  od
}
