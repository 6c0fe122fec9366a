// What readers touch of a slot (its cell word, atomic words and read counts), and a scope's table
// of slots, read without a lock by every read in a test. Part of _SharedInstancesShims (private
// machinery, not API).

#ifndef SI_SLOTS_H
#define SI_SLOTS_H

#include <stdbool.h>
#include <stdint.h>

#include "si_hazard.h"

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - A slot's atomic words

/// What readers touch of a slot (`_Slot`), in one allocation: the current cell word, the atomic
/// words, the read counts, and the slot object itself (unretained: it owns this memory).
typedef struct si_slot_state {
  void *_Nullable current;         // the cell word, tagged (I1)
  intptr_t creator;                // the thread running the factory or an update, or 0
  intptr_t strict_reported;        // a strict-mode failure was reported (scopes)
  intptr_t read_flags;             // which kinds of read a scope served
  intptr_t retired;                // cells waiting for their readers to end (I6)
  uint64_t read_counts;            // reads (low 32 bits) and overridden reads (high 32 bits)
  void *_Nonnull owner;            // the `_Slot`
} si_slot_state;

static inline void *_Nullable *_Nonnull si_slot_current(si_slot_state *_Nonnull slot) {
  return &slot->current;
}
static inline intptr_t *_Nonnull si_slot_words(si_slot_state *_Nonnull slot) {
  return &slot->creator;  // creator, strict_reported, read_flags, retired: consecutive
}
static inline const intptr_t *_Nonnull si_slot_retired(si_slot_state *_Nonnull slot) {
  return &slot->retired;
}
static inline uint64_t *_Nonnull si_slot_read_counts(si_slot_state *_Nonnull slot) {
  return &slot->read_counts;
}

// MARK: - A scope's table of slots
//
// Written in C so that the lookup every read in a test makes costs the same in a debug build
// (where tests run) as in a release build: Swift code at -Onone counts references on every step.

/// An append-only open-addressing table: box identifier -> slot. Only the scope's writer
/// inserts, under the scope's lock, storing the slot before the identifier (release); readers
/// load the identifier (acquire), then the slot. A full table is replaced, not grown in place.
typedef struct si_slot_table {
  intptr_t mask;
  uint64_t *_Nonnull ids;                 // 0 marks an empty bucket
  si_slot_state *_Nullable *_Nonnull slots;  // kept alive by the scope
} si_slot_table;

/// The slot of box `id`, or NULL if the table does not have it (yet). Lock-free.
static inline si_slot_state *_Nullable si_slot_table_lookup(const si_slot_table *_Nonnull table,
                                                            uint64_t id) {
  intptr_t index = (intptr_t)id & table->mask;
  for (;;) {
    uint64_t key = __atomic_load_n(&table->ids[index], __ATOMIC_ACQUIRE);
    if (key == id) {
      return __atomic_load_n(&table->slots[index], __ATOMIC_RELAXED);
    }
    if (key == 0) {
      return 0;
    }
    index = (index + 1) & table->mask;
  }
}

/// A cell word's kind: its two low bits (cells are aligned to 16 bytes). 0: a real instance
/// (created by the factory, or installed outside tests); 1: an override; 2: a value a test
/// provided with `set`, `setIfEmpty` or `update`; 3: a test default.
#define SI_CELL_KIND_MASK ((uintptr_t)3)

/// Records a read a scope's slot served, of a cell word of `kind`: the count of reads (low 32
/// bits) and of reads of test doubles, overrides and test defaults (high 32 bits) with a relaxed
/// load and store, not a read-modify-write (exact when one thread reads the box, possibly short
/// by a few when several read it at the same moment), and the flag of the kind read
/// (1 << kind), set once.
static inline void si_slot_count_read(uint64_t *_Nonnull counts, intptr_t *_Nonnull flags,
                                      uintptr_t kind) {
  uint64_t seen = __atomic_load_n(counts, __ATOMIC_RELAXED);
  __atomic_store_n(counts, seen + ((kind & 1) != 0 ? (1 | ((uint64_t)1 << 32)) : 1),
                   __ATOMIC_RELAXED);
  intptr_t flag = (intptr_t)1 << kind;
  if ((__atomic_load_n(flags, __ATOMIC_RELAXED) & flag) == 0) {
    __atomic_fetch_or(flags, flag, __ATOMIC_RELAXED);
  }
}

/// A read of box `id` in a scope (I1, I8: symmetric fences): finds its slot in `table` and
/// protects the slot's current cell in `hazard` (the record's transient word, or a borrow word
/// for a read nested in another one's window: I2), then counts the read. Returns the slot, with
/// `*word` the protected cell word (NULL, nothing protected, when the slot is empty: with
/// `*retried` set, the caller still owes the end of I11); NULL when the table does not have the
/// box. One call, so that the read every test makes costs little in a debug build.
static inline si_slot_state *_Nullable si_scope_begin_read(
    const si_slot_table *_Nonnull table, uint64_t id, void *_Nullable *_Nonnull hazard,
    void *_Nullable *_Nonnull word, bool *_Nonnull retried) {
  si_slot_state *slot = si_slot_table_lookup(table, id);
  if (slot == 0) {
    return 0;
  }
  void *protected_word = si_hazard_protect_word(&slot->current, hazard, true, retried);
  *word = protected_word;
  if (protected_word != 0) {
    si_slot_count_read(&slot->read_counts, &slot->read_flags,
                       (uintptr_t)protected_word & SI_CELL_KIND_MASK);
  }
  return slot;
}

/// Whether either of a scope's two attention words is set (it ended; a factory of it runs).
static inline bool si_any_set(const intptr_t *_Nonnull a, const intptr_t *_Nonnull b) {
  return (__atomic_load_n(a, __ATOMIC_RELAXED) | __atomic_load_n(b, __ATOMIC_RELAXED)) != 0;
}

/// `si_scope_read` protected nothing: the table has no slot for the box, the slot is empty, or
/// the thread's transient word is taken by the read whose window this runs in (the general path
/// serves the read).
#define SI_SCOPE_READ_MISSED 0
/// `si_scope_read` protected the cell: `read` holds what ending the read needs.
#define SI_SCOPE_READ_BEGAN 1
/// `si_scope_read` found the slot empty after a retry: nothing is protected, but the caller owes
/// the end of I11 (`read->slot` and `read->hazard` say where).
#define SI_SCOPE_READ_EMPTIED 2

/// A flag of `si_scope_read`'s `attention`: the scope ended or runs a factory (it owes checks).
#define SI_SCOPE_READ_SCOPE_BUSY 1
/// A flag of `si_scope_read`'s `attention`: the protected cell holds a real instance.
#define SI_SCOPE_READ_REAL 2

/// A whole start of a read in a scope (I1, I8: symmetric fences), in one call: takes the
/// calling thread's transient word, finds box `id` in the table the scope publishes, protects
/// the slot's current cell, counts the read, and fills `read` for its end. `scope_words` are
/// the scope's four words, in order: its running factories, its quiet-period flag, its ended
/// flag, and the address of its published table (loaded with acquire ordering). `attention`
/// gets the `SI_SCOPE_READ_…` flags the caller checks (only where the read began). One call, so
/// that the read every test makes costs little in a debug build, where tests run.
static inline int si_scope_read(intptr_t *_Nonnull scope_words, uint64_t id,
                                si_read *_Nonnull read, intptr_t *_Nonnull attention) {
  si_hazard_record *record = si_hazard_current();
  if (!si_hazard_transient_is_free(record)) {
    return SI_SCOPE_READ_MISSED;
  }
  void *_Nullable *_Nonnull hazard = si_hazard_transient_word(record);
  const si_slot_table *table = (const si_slot_table *)__atomic_load_n(
      (void *_Nullable *)(scope_words + 3), __ATOMIC_ACQUIRE);
  void *word = 0;
  bool retried = false;
  si_slot_state *slot = si_scope_begin_read(table, id, hazard, &word, &retried);
  if (slot == 0) {
    return SI_SCOPE_READ_MISSED;
  }
  if (word == 0) {
    if (!retried) {
      return SI_SCOPE_READ_MISSED;
    }
    read->slot = slot->owner;
    read->hazard = hazard;
    return SI_SCOPE_READ_EMPTIED;
  }
  read->hazard = hazard;
  read->word = word;
  read->slot = slot->owner;
  read->retired_count = si_slot_retired(slot);
  read->symmetric = true;
  read->retried = retried;
  *attention = (si_any_set(scope_words + 2, scope_words) ? SI_SCOPE_READ_SCOPE_BUSY : 0) |
               (((uintptr_t)word & SI_CELL_KIND_MASK) == 0 ? SI_SCOPE_READ_REAL : 0);
  return SI_SCOPE_READ_BEGAN;
}

#ifdef __cplusplus
}
#endif

#endif
