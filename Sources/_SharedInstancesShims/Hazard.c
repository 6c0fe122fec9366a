// The hazard-pointer protocol (si_hazard.h): records, fences, the ends of reads and borrows, the
// writer's barrier and scan. Its invariants (I1…) are stated in
// Sources/SharedInstances/MemorySafety/MemorySafety.swift; the comments here cite them.

#pragma clang attribute push (__attribute__((nodebug)), apply_to = hasType(functionType))
#include "NoDebugInfo.h"

#include "_SharedInstancesShims.h"
#include "Platform.h"
#include "SwiftRuntime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

SI_TEXT(si_text_key_failed, "SharedInstances: pthread_key_create failed\n");
SI_TEXT(si_text_out_of_memory, "SharedInstances: out of memory for a hazard record\n");

// MARK: - Hazard pointers

SI_NO_DEBUG_INFO _Thread_local si_hazard_record *si_hazard_mine = 0;

SI_NO_DEBUG_INFO intptr_t si_hazard_asymmetric = 0;

#if defined(__linux__) && !defined(SI_UNDER_THREAD_SANITIZER)
SI_TEXT(si_text_symmetric_fences, "SHARED_INSTANCES_SYMMETRIC_FENCES");
SI_TEXT(si_text_membarrier_failed, "SharedInstances: membarrier failed after it was registered\n");

// Runs before `main` (and before any Swift code of the process can read a box), so the mode never
// changes while a reader or a writer runs.
__attribute__((constructor)) static void si_hazard_choose_fences(void) {
  long supported = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
  if (supported < 0 || (supported & MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0) {
    return;
  }
  if (syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) != 0) {
    return;
  }
  const char *symmetric = getenv(si_text_symmetric_fences);
  if (symmetric != 0 && symmetric[0] == '1') {
    return;
  }
  __atomic_store_n(&si_hazard_asymmetric, 1, __ATOMIC_SEQ_CST);
}
#endif

void si_hazard_barrier(bool symmetric) {
#if defined(__linux__) && !defined(SI_UNDER_THREAD_SANITIZER)
  if (si_hazard_is_asymmetric(symmetric)) {
    if (syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0) {
      fputs(si_text_membarrier_failed, stderr);
      abort();
    }
    return;
  }
#endif
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

SI_NO_DEBUG_INFO static si_hazard_record *si_hazard_head = 0;
SI_NO_DEBUG_INFO static pthread_key_t si_hazard_key;
SI_NO_DEBUG_INFO static pthread_once_t si_hazard_key_once = PTHREAD_ONCE_INIT;

static void (*si_hazard_exit_reclaimer)(void) = 0;

void si_hazard_set_exit_reclaimer(void (*_Nonnull reclaimer)(void)) {
  __atomic_store_n(&si_hazard_exit_reclaimer, reclaimer, __ATOMIC_RELEASE);
}

// I12: a thread that exits (`pthread_exit`, `Thread.exit()`) inside a borrow never ends it, so
// its destructor ends them all: clears every word of the record, fences as a read's end does
// (I6), and reclaims in every slot where cells wait for reads (`_Slot.reclaimEverywhere`), which
// registered themselves before their last scan. Borrows are synchronous (`withValue` takes a
// non-async closure), so no borrow begun on this thread can still run elsewhere.
static void si_hazard_detach(void *value) {
  si_hazard_record *record = value;
  bool held = __atomic_load_n(&record->transient, __ATOMIC_RELAXED) != 0;
  __atomic_store_n(&record->transient, 0, __ATOMIC_RELEASE);
  for (int i = 0; i < SI_BORROW_WORDS; i++) {
    if (__atomic_load_n(&record->borrows[i], __ATOMIC_RELAXED) != 0) {
      __atomic_store_n(&record->borrows[i], 0, __ATOMIC_RELEASE);
      held = true;
    }
  }
  if (held) {
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    void (*reclaimer)(void) = __atomic_load_n(&si_hazard_exit_reclaimer, __ATOMIC_ACQUIRE);
    if (reclaimer != 0) {
      // Deinits may run here, and read boxes: the record is still this thread's.
      reclaimer();
    }
  }
  __atomic_store_n(&record->in_use, 0, __ATOMIC_RELEASE);
  si_hazard_mine = 0;
}

#if !defined(_WIN32) && !defined(__wasi__)
SI_TEXT(si_text_atfork_failed, "SharedInstances: pthread_atfork failed\n");

// The child of a `fork()` has one thread, the one that forked; every other thread's record was
// copied with the words that thread held at that moment. Those words protect nothing in the
// child: a scan that saw them would defer a replaced cell to a thread that does not exist, and a
// locator change would wait for a read that never ends (I5). So the child drops them, and gives
// the records back for its own new threads to claim. Cells that were already deferred to those
// threads before the fork are released by the next change of their slot. What other threads held
// besides hazard words (a creation or state lock, a factory halfway through) stays as the fork
// left it, as for every lock of the process.
static void si_hazard_after_fork_in_child(void) {
  si_hazard_record *mine = si_hazard_mine;
  for (si_hazard_record *r = __atomic_load_n(&si_hazard_head, __ATOMIC_ACQUIRE); r != 0;
       r = r->next) {
    if (r == mine) {
      continue;
    }
    __atomic_store_n(&r->transient, 0, __ATOMIC_RELEASE);
    for (int i = 0; i < SI_BORROW_WORDS; i++) {
      __atomic_store_n(&r->borrows[i], 0, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&r->in_use, 0, __ATOMIC_RELEASE);
  }
}
#endif

static void si_hazard_make_key(void) {
  if (pthread_key_create(&si_hazard_key, si_hazard_detach) != 0) {
    fputs(si_text_key_failed, stderr);
    abort();
  }
#if !defined(_WIN32) && !defined(__wasi__)
  // Registered with the first record: before it, no record exists for a fork to copy.
  if (pthread_atfork(0, 0, si_hazard_after_fork_in_child) != 0) {
    fputs(si_text_atfork_failed, stderr);
    abort();
  }
#endif
}

si_hazard_record *si_hazard_attach(void) {
  pthread_once(&si_hazard_key_once, si_hazard_make_key);
  si_hazard_record *record = 0;
  // Reuse a record a finished thread gave back.
  for (si_hazard_record *r = __atomic_load_n(&si_hazard_head, __ATOMIC_ACQUIRE); r != 0;
       r = r->next) {
    intptr_t expected = 0;
    if (__atomic_compare_exchange_n(&r->in_use, &expected, 1, false, __ATOMIC_SEQ_CST,
                                    __ATOMIC_RELAXED)) {
      record = r;
      break;
    }
  }
  if (record == 0) {
    void *memory = 0;
    if (posix_memalign(&memory, 64, sizeof(si_hazard_record)) != 0) {
      fputs(si_text_out_of_memory, stderr);
      abort();
    }
    record = memory;
    record->transient = 0;
    for (int i = 0; i < SI_BORROW_WORDS; i++) {
      record->borrows[i] = 0;
    }
    record->in_use = 1;
    si_hazard_record *head = __atomic_load_n(&si_hazard_head, __ATOMIC_RELAXED);
    do {
      record->next = head;
    } while (!__atomic_compare_exchange_n(&si_hazard_head, &head, record, true,
                                          __ATOMIC_RELEASE, __ATOMIC_RELAXED));
  }
  si_hazard_mine = record;
  pthread_setspecific(si_hazard_key, record);
  return record;
}

// Never inlined, and opaque to every optimizer, on purpose (I3). `noinline` keeps
// the call; the empty `asm` that takes `copy` and clobbers memory keeps even a cross-language LTO
// build, which sees this body, from concluding that the call neither reads the copy nor releases
// anything, and so from moving the caller's retain after the word is cleared.
// Clears a hazard word, then reads a retired count (I6): the end of every read and borrow.
static inline intptr_t si_hazard_clear(void **word, const intptr_t *retired, bool symmetric) {
  if (si_hazard_is_asymmetric(symmetric)) {
    // Release: what the reader did with the cell happens before a writer frees it.
    __atomic_store_n(word, 0, __ATOMIC_RELEASE);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    return __atomic_load_n(retired, __ATOMIC_RELAXED);
  }
  __atomic_store_n(word, 0, __ATOMIC_SEQ_CST);
  return __atomic_load_n(retired, __ATOMIC_SEQ_CST);
}

__attribute__((noinline)) intptr_t si_hazard_end_read(void **word, void *copy,
                                                      const intptr_t *retired, bool symmetric) {
  __asm__ volatile("" : : "r"(copy) : "memory");
  return si_hazard_clear(word, retired, symmetric);
}

// Never inlined, opaque (I3): the copy completes before the word is cleared, as in
// `si_hazard_end_read`.
__attribute__((noinline)) int si_hazard_end_transient_read(const si_read *read, void *copy,
                                                         intptr_t *retired) {
  __asm__ volatile("" : : "r"(copy) : "memory");
  if (read->hazard == 0) {
    return SI_READ_OWNS_CELL;
  }
  intptr_t count = si_hazard_clear(read->hazard, read->retired_count, read->symmetric);
  *retired = count;
  return count != 0 || read->scope != 0 || read->check != 0 ? SI_READ_ENDED_WITH_REST
                                                            : SI_READ_ENDED;
}

// Never inlined, opaque (I3, I6): what the borrower did with the instance completes before the
// clear.
__attribute__((noinline)) intptr_t si_hazard_end_borrow(void **word, const intptr_t *retired,
                                                        bool symmetric) {
  __asm__ volatile("" : : "r"(word) : "memory");
  return si_hazard_clear(word, retired, symmetric);
}

// One call per read of `Resettable.value` for a class instance, so that the read costs one call.
// Every step is the one the Swift path takes, in the same order. The retain is the Swift
// runtime's (the external contract of SwiftRuntime.h).
__attribute__((noinline)) si_read_result si_hazard_read_object(si_slot_state *slot,
                                                               intptr_t offset, bool symmetric) {
  si_hazard_record *record = si_hazard_current();
  si_read_result result = {0, SI_READ_DONE};
  if (__builtin_expect(!si_hazard_transient_is_free(record), 0)) {
    result.status = SI_READ_BUSY;  // a read inside another read's window (I2)
    return result;
  }
  bool retried = false;
  void *word = si_hazard_protect_word(&slot->current, &record->transient, symmetric, &retried);
  if (word == 0) {
    result.status = SI_READ_EMPTY;
    // I11: a read that retried into an empty slot held an unlinked cell for a moment.
    if (__builtin_expect(retried, 0) &&
        si_hazard_clear(&record->transient, &slot->retired, symmetric) != 0) {
      result.status |= SI_READ_RECLAIM;
    }
    return result;
  }
  // The cell's address is the word without its kind bits (`SI_CELL_KIND_MASK`, 3).
  uintptr_t address;
  memcpy(&address, &word, sizeof address);
  const uintptr_t kind_bits = 3;
  address &= ~kind_bits;
  const char *cell;
  memcpy(&cell, &address, sizeof cell);
  void *object;
  memcpy(&object, cell + offset, sizeof object);
  // I3: retained before the word is cleared; the release store below cannot move above a call.
  SI_RETAIN_OBJECT(object);
  result.object = object;
  intptr_t retired = si_hazard_clear(&record->transient, &slot->retired, symmetric);
  // I6, as `_Slot.readEnded` decides it: reclaim if this read's cell was replaced, or if it
  // retried (I4). A reader of the current cell never reclaims.
  if (__builtin_expect(retired != 0, 0) &&
      (retried || __atomic_load_n(&slot->current, __ATOMIC_SEQ_CST) != word)) {
    result.status = SI_READ_RECLAIM;
  }
  return result;
}

static bool si_hazard_record_holds(si_hazard_record *record, const void *pointer) {
  if (__atomic_load_n(&record->transient, __ATOMIC_SEQ_CST) == pointer) {
    return true;
  }
  for (int i = 0; i < SI_BORROW_WORDS; i++) {
    if (__atomic_load_n(&record->borrows[i], __ATOMIC_SEQ_CST) == pointer) {
      return true;
    }
  }
  return false;
}

bool si_hazard_is_protected(const void *pointer) {
  for (si_hazard_record *r = __atomic_load_n(&si_hazard_head, __ATOMIC_ACQUIRE); r != 0;
       r = r->next) {
    if (si_hazard_record_holds(r, pointer)) {
      return true;
    }
  }
  return false;
}

#pragma clang attribute pop
