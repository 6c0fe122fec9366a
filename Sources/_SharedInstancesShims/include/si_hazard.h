// The hazard-pointer protocol: records, fences, protection, the ends of reads and borrows, the
// writer's barrier and scan. Its invariants (I1…) are stated once, in
// Sources/SharedInstances/MemorySafety/MemorySafety.swift, and checked by the model beside it;
// the comments here cite them. Part of _SharedInstancesShims (private machinery, not API).

#ifndef SI_HAZARD_H
#define SI_HAZARD_H

#include <stdbool.h>
#include <stdint.h>

#include "si_platform.h"
#include "si_test_hooks.h"

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Hazard pointers
//
// The memory-safety argument these functions implement is stated once, with numbered invariants,
// in Sources/SharedInstances/MemorySafety/MemorySafety.swift; the comments below cite them (I1…).
//
// A reader publishes the cell it is about to dereference in a hazard word of its thread's record;
// a writer that unlinked a cell frees it only once no hazard word holds it. Readers never write a
// shared cache line, so reads on several threads do not serialize.
//
// Each record has one transient word, for copying a value out (never held across user code the
// library can keep out of it: I2, I13), and SI_BORROW_WORDS borrow words, each held for the whole
// of a borrow (`withValue`). A borrow may be held for a long time and may nest; its closure is
// synchronous, so it ends on the thread it began on, or with that thread (I12: the thread's
// destructor clears and reclaims). A borrow claims any free word of its thread's record and is
// ended by clearing that very word. Only the owning thread claims and clears words. When every
// borrow word is taken, the caller falls back to copying the value out; a transient read that
// finds the transient word taken (a read inside another read's window) uses a borrow word (I2).

#define SI_BORROW_WORDS 7

typedef struct si_hazard_record {
  void *_Nullable transient;                    // accessed atomically
  void *_Nullable borrows[SI_BORROW_WORDS];     // accessed atomically
  intptr_t in_use;                              // accessed atomically
  struct si_hazard_record *_Nullable next;      // immutable once published
  char padding[64 - 2 * sizeof(void *)];        // the words on a cache line of their own
} si_hazard_record;

extern _Thread_local si_hazard_record *_Nullable si_hazard_mine;

/// Claims or allocates the calling thread's record (once per thread).
si_hazard_record *_Nonnull si_hazard_attach(void);

static inline si_hazard_record *_Nonnull si_hazard_current(void) {
  si_hazard_record *record = si_hazard_mine;
  if (__builtin_expect(record == 0, 0)) {
    record = si_hazard_attach();
  }
  return record;
}

// Fences (I8). A reader must order its store of a hazard word before its next load (of the slot,
// or of a retired count), and a writer its unlinking before its scan of hazard words. For the
// slots of the process-wide instances, where the kernel offers it (Linux `membarrier`), readers
// order with a compiler barrier only and the writer, which is rare, makes every running thread of
// the process execute a full barrier before it scans: reads then pay no fence instruction.
// Everywhere else — the slots of isolation scopes (`symmetric` is true), other platforms, and
// under ThreadSanitizer (which does not model `membarrier`) — both sides use sequentially
// consistent operations, and a writer pays a fence, not a system call.

/// Non-zero when readers of process-wide slots may use compiler barriers only. Set once, before
/// `main`; never changes.
extern intptr_t si_hazard_asymmetric;

static inline bool si_hazard_is_asymmetric(bool symmetric) {
  return !symmetric &&
         __builtin_expect(__atomic_load_n(&si_hazard_asymmetric, __ATOMIC_RELAXED) != 0, 1);
}

/// The writer's side (I5): once this returns, every hazard word a reader of a slot of this mode
/// stored before it is visible, and every reader that stores one after it sees what the writer
/// did before it.
void si_hazard_barrier(bool symmetric);



/// Loads `*slot` and protects it in `word` until the word is cleared (I1). Returns NULL, with the
/// word cleared, when the slot is empty. Sets `*retried` when a validation failed: the word then
/// held, for a moment, a cell that was already unlinked, which a writer's scan may have seen (I4).
/// A NULL result with `*retried` set is such a read too: its caller still owes the end of I6
/// (`si_hazard_end_borrow` on the cleared word, and a reclaim if cells are retired; I11).
static inline void *_Nullable si_hazard_protect_word(void *_Nullable const *_Nonnull slot,
                                                     void *_Nullable *_Nonnull word,
                                                     bool symmetric, bool *_Nonnull retried) {
  void *pointer = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  bool asymmetric = si_hazard_is_asymmetric(symmetric);
  while (pointer != 0) {
    void *again;
    if (asymmetric) {
      // Release, not relaxed: a writer whose scan reads this store, made after an
      // earlier read of this word ended, then also sees everything that earlier read did with
      // its cell (in the C11 model a release store only synchronizes with the load that reads
      // it). A plain `mov` on x86-64; `stlr` on arm64, as Folly's hazptr does.
      __atomic_store_n(word, pointer, __ATOMIC_RELEASE);
      __atomic_signal_fence(__ATOMIC_SEQ_CST);
      si_test_event(SI_TEST_PROTECT_STORED, word);
      again = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    } else {
      __atomic_store_n(word, pointer, __ATOMIC_SEQ_CST);
      si_test_event(SI_TEST_PROTECT_STORED, word);
      again = __atomic_load_n(slot, __ATOMIC_SEQ_CST);
    }
    if (__builtin_expect(again == pointer, 1)) {
      return pointer;
    }
    *retried = true;
    pointer = again;
  }
  __atomic_store_n(word, 0, __ATOMIC_RELEASE);
  return 0;
}

/// Whether the calling thread's transient word is free. It is taken only while a transient read
/// copies a value out; a read that finds it taken runs inside another one's window (user code
/// that copying a value ran: a C++ copy constructor, an Objective-C `retain`), and protects with
/// a borrow word instead, so that it never clears the outer read's protection (I2).
static inline bool si_hazard_transient_is_free(si_hazard_record *_Nonnull record) {
  return __builtin_expect(__atomic_load_n(&record->transient, __ATOMIC_RELAXED) == 0, 1);
}

/// The record's transient word.
static inline void *_Nullable *_Nonnull si_hazard_transient_word(
    si_hazard_record *_Nonnull record) {
  return &record->transient;
}

/// Loads `*slot` and protects it in the record's transient word until `si_hazard_end_read`
/// (I1, I2). Returns NULL, with nothing protected, when the slot is empty. The caller checked
/// `si_hazard_transient_is_free`.
static inline void *_Nullable si_hazard_protect(void *_Nullable const *_Nonnull slot,
                                                si_hazard_record *_Nonnull record,
                                                bool symmetric, bool *_Nonnull retried) {
  return si_hazard_protect_word(slot, &record->transient, symmetric, retried);
}

/// Ends a transient read once the caller has copied what it needs out of the protected cell into
/// `copy` (I3): clears `word` (the transient word, or the borrow word a nested read used), then
/// returns `*retired`, as `si_hazard_end_borrow` does (I6). Defined in Hazard.c, never inlined,
/// and opaque even to cross-language LTO: the compiler of the caller sees a call
/// that may read `copy` (and release what it references), so it must complete the copy — the
/// retain that makes it owned included — before the call, in every build mode and every
/// specialization.
intptr_t si_hazard_end_read(void *_Nullable *_Nonnull word, void *_Nonnull copy,
                            const intptr_t *_Nonnull retired, bool symmetric);

/// What `si_hazard_read_object` did, in `status`.
enum {
  /// `object` is the instance, retained for the caller; nothing else to do.
  SI_READ_DONE = 0,
  /// The slot is empty; `object` is NULL.
  SI_READ_EMPTY = 1,
  /// The calling thread's transient word is taken (a read inside another read's window):
  /// nothing was read; read another way.
  SI_READ_BUSY = 2,
  /// Cells of the slot may wait for this read (I6): call the slot's `reclaim` after taking
  /// `object`. Combined with DONE or EMPTY.
  SI_READ_RECLAIM = 4,
};

/// The fields of a transient read in progress (`_Read` of the core, which documents each): a C
/// struct, so that programs carry no accessor functions for its ten fields.
typedef struct si_read {
  void *_Nullable *_Nullable hazard;
  void *_Nullable word;
  void *_Nullable slot;
  const intptr_t *_Nullable retired_count;
  void *_Nullable scope;
  void *_Nullable check;
  void *_Nullable identity;
  bool symmetric;
  bool retried;
  bool owns_cell;
} si_read;

/// `si_hazard_end_transient_read` cleared the word and nothing else is owed.
#define SI_READ_ENDED 0
/// `si_hazard_end_transient_read` cleared the word; the read has more to do: reclaim retired
/// cells (`*retired` is non-zero), report what it owes, or let go of its scope.
#define SI_READ_ENDED_WITH_REST 1
/// `si_hazard_end_transient_read` did nothing: the read owns a reference to its cell instead of
/// a hazard word, which the caller drops.
#define SI_READ_OWNS_CELL 2

/// `si_hazard_end_read` for a whole `si_read`, in one call (I3, I6): once the caller copied what
/// it needs out of the protected cell into `copy`, clears the read's word and loads the retired
/// count into `*retired`, and tells what is left to do (`SI_READ_…`). Defined in Hazard.c and
/// never inlined, for the reason `si_hazard_end_read` gives; one call, so that the read every
/// test makes costs little in a debug build, where tests run.
int si_hazard_end_transient_read(const si_read *_Nonnull read, void *_Nonnull copy,
                                 intptr_t *_Nonnull retired);

typedef struct si_read_result {
  void *_Nullable object;
  intptr_t status;
} si_read_result;

/// A whole transient read of a slot whose instance is one strong reference to a class instance
/// (I1-I4, I6, I11), in one out-of-line call: protects the current cell in the calling thread's
/// transient word, loads the reference at `offset` in the cell, retains it, clears the word,
/// and reads the slot's retired count. The retain is a call to the Swift runtime made before the
/// release store that clears the word, in C: no optimizer of the caller can move it after (I3).
/// A read that retried into an empty slot ends as every read does (I11).
si_read_result si_hazard_read_object(struct si_slot_state *_Nonnull slot, intptr_t offset,
                                     bool symmetric);

/// A free borrow word of the calling thread's record, or NULL when all are taken.
static inline void *_Nullable *_Nullable si_hazard_free_borrow_word(
    si_hazard_record *_Nonnull record) {
  for (int i = 0; i < SI_BORROW_WORDS; i++) {
    if (__builtin_expect(__atomic_load_n(&record->borrows[i], __ATOMIC_RELAXED) == 0, 1)) {
      return &record->borrows[i];
    }
  }
  return 0;
}

/// Ends a borrow (I6): clears its word, then returns `*retired` (how many cells of the borrowed
/// slot wait for borrows to end). A writer counts a retired cell before it scans hazard words, so
/// either the writer saw this word cleared, or the caller sees its count and reclaims the cell
/// itself. Defined in Hazard.c and never inlined, for the reason `si_hazard_end_read` gives: what
/// the borrower did with the instance (a copy it keeps included) completes before the word clears.
intptr_t si_hazard_end_borrow(void *_Nullable *_Nonnull word, const intptr_t *_Nonnull retired,
                              bool symmetric);

/// Installs what a thread that exits while it holds hazard words runs after clearing them (I12):
/// reclaims in every slot where cells wait for reads. Idempotent.
void si_hazard_set_exit_reclaimer(void (*_Nonnull reclaimer)(void));

/// After `si_hazard_barrier`: whether any thread's hazard word holds `pointer` now (I5). The
/// caller has already unlinked `pointer`.
bool si_hazard_is_protected(const void *_Nonnull pointer);

#ifdef __cplusplus
}
#endif

#endif
