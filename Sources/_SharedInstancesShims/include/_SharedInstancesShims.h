// Private machinery of SharedInstances. Not API: names, types and behaviour may change in any
// release. Swift code outside the package must not import this module.
//
// Atomics use the GCC/Clang `__atomic` builtins on plain integers and pointers, so the same code
// runs on Linux and on every Apple platform the package supports (Synchronization's `Atomic`
// needs macOS 15 / iOS 18). ThreadSanitizer understands these builtins.

#ifndef SHARED_INSTANCES_SHIMS_H
#define SHARED_INSTANCES_SHIMS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Atomics on words

static inline void *_Nullable si_ptr_load_acquire(void *_Nullable const *_Nonnull slot) {
  return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

static inline void *_Nullable si_ptr_load_seq_cst(void *_Nullable const *_Nonnull slot) {
  return __atomic_load_n(slot, __ATOMIC_SEQ_CST);
}

static inline void *_Nullable si_ptr_exchange(void *_Nullable *_Nonnull slot, void *_Nullable value) {
  return __atomic_exchange_n(slot, value, __ATOMIC_SEQ_CST);
}

static inline bool si_ptr_compare_exchange(void *_Nullable *_Nonnull slot, void *_Nullable expected,
                                           void *_Nullable desired) {
  return __atomic_compare_exchange_n(slot, &expected, desired, false, __ATOMIC_SEQ_CST,
                                     __ATOMIC_SEQ_CST);
}

static inline intptr_t si_int_load_relaxed(const intptr_t *_Nonnull p) {
  return __atomic_load_n(p, __ATOMIC_RELAXED);
}

static inline intptr_t si_int_load_acquire(const intptr_t *_Nonnull p) {
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static inline void si_int_store_release(intptr_t *_Nonnull p, intptr_t value) {
  __atomic_store_n(p, value, __ATOMIC_RELEASE);
}

static inline intptr_t si_int_fetch_add(intptr_t *_Nonnull p, intptr_t delta) {
  return __atomic_fetch_add(p, delta, __ATOMIC_SEQ_CST);
}

static inline bool si_int_compare_exchange(intptr_t *_Nonnull p, intptr_t expected, intptr_t desired) {
  return __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_SEQ_CST,
                                     __ATOMIC_SEQ_CST);
}

static inline uint64_t si_u64_load_acquire(const uint64_t *_Nonnull p) {
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static inline void si_u64_store_release(uint64_t *_Nonnull p, uint64_t value) {
  __atomic_store_n(p, value, __ATOMIC_RELEASE);
}

static inline uint64_t si_u64_load_relaxed(const uint64_t *_Nonnull p) {
  return __atomic_load_n(p, __ATOMIC_RELAXED);
}

static inline void si_u64_store_relaxed(uint64_t *_Nonnull p, uint64_t value) {
  __atomic_store_n(p, value, __ATOMIC_RELAXED);
}

static inline void si_int_fetch_or(intptr_t *_Nonnull p, intptr_t bits) {
  __atomic_fetch_or(p, bits, __ATOMIC_RELAXED);
}

static inline void *_Nullable si_ptr_load_relaxed(void *_Nullable const *_Nonnull slot) {
  return __atomic_load_n(slot, __ATOMIC_RELAXED);
}

static inline void si_ptr_store_release(void *_Nullable *_Nonnull slot, void *_Nullable value) {
  __atomic_store_n(slot, value, __ATOMIC_RELEASE);
}

// MARK: - Process-wide flags

/// Non-zero once any isolation scope has ever been entered in this process. Production code
/// never sets it, so a read checks one relaxed load and takes the direct path.
extern intptr_t si_isolation_ever_used;

static inline bool si_isolation_is_active(void) {
  return __builtin_expect(__atomic_load_n(&si_isolation_ever_used, __ATOMIC_RELAXED) != 0, 0);
}

/// Marks isolation as used; writes the shared flag only the first time.
static inline void si_isolation_mark_used(void) {
  if (__atomic_load_n(&si_isolation_ever_used, __ATOMIC_RELAXED) == 0) {
    __atomic_store_n(&si_isolation_ever_used, 1, __ATOMIC_SEQ_CST);
  }
}

/// How many process-wide isolation scopes are open. Reads outside every scope check it before
/// looking for one.
extern intptr_t si_process_wide_scopes;

static inline bool si_process_wide_scope_is_open(void) {
  return __atomic_load_n(&si_process_wide_scopes, __ATOMIC_ACQUIRE) != 0;
}

static inline void si_process_wide_scopes_add(intptr_t delta) {
  __atomic_fetch_add(&si_process_wide_scopes, delta, __ATOMIC_SEQ_CST);
}

/// How many boxes hold an override made outside every isolated scope (a test that forgot its
/// trait). Reads of process-wide instances check it before looking for one.
extern intptr_t si_leaked_overrides;

static inline bool si_leaked_overrides_exist(void) {
  return __atomic_load_n(&si_leaked_overrides, __ATOMIC_ACQUIRE) != 0;
}

static inline void si_leaked_overrides_add(intptr_t delta) {
  __atomic_fetch_add(&si_leaked_overrides, delta, __ATOMIC_SEQ_CST);
}

/// A process-unique, never reused, non-zero number (identifies boxes and scopes).
uint64_t si_next_identifier(void);

/// An identifier of the calling thread, never 0 and never given to another thread, even after
/// this one exits (a platform thread id is reused: a thread that exited inside a factory must not
/// be mistaken for a later one). Out of line and not `const`, so that code inlined into an async
/// function reads it again after every `await`.
uintptr_t si_current_thread(void);

struct si_slot_state;

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

// MARK: - Test hooks (unoptimized builds only)
//
// Tests hold a thread at a chosen point of the protocol (right after it stored its hazard word,
// as preemption can hold it) and change boxes meanwhile: the interleavings of issue 28, each
// reproduced deterministically, also under ThreadSanitizer. `si_test_event` is compiled only
// where the including code is not optimized (`__OPTIMIZE__`, which the Swift compiler passes to
// the C code it imports as it optimizes the Swift code): a release build has no load and no
// branch for it. The hook runs on the held thread, inside the window it marks: it must only wait.

/// Where a test may hold a thread.
typedef enum si_test_point {
  /// A hazard word was just stored, before the validating reload (`where`: the word).
  SI_TEST_PROTECT_STORED = 1,
  /// A box's creation lock was just taken, before the slot is looked at (`where`: the slot's
  /// state).
  SI_TEST_CREATION_LOCKED = 2,
  /// A box's creation lock is about to be released (`where`: the slot's state).
  SI_TEST_CREATION_UNLOCKING = 3,
} si_test_point;

typedef void (*si_test_hook)(si_test_point point, const void *_Nullable where);

/// Installs (or, with NULL, removes) the process's test hook.
void si_test_set_hook(si_test_hook _Nullable hook);

/// The hook installed, if any (atomic).
si_test_hook _Nullable si_test_current_hook(void);

#if !defined(__OPTIMIZE__)
#define SI_TEST_HOOKS 1
#else
#define SI_TEST_HOOKS 0
#endif

/// Whether `si_test_event` does anything in code compiled like the caller.
static inline bool si_test_hooks_compiled(void) { return SI_TEST_HOOKS != 0; }

/// Calls the test hook, where one is installed, in unoptimized builds only.
static inline void si_test_event(si_test_point point, const void *_Nullable where) {
#if SI_TEST_HOOKS
  si_test_hook hook = si_test_current_hook();
  if (hook != 0) {
    hook(point, where);
  }
#else
  (void)point;
  (void)where;
#endif
}

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
      // Release, not relaxed (issue 28, a): a writer whose scan reads this store, made after an
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
  __atomic_store_n(word, (void *)0, __ATOMIC_RELEASE);
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
/// returns `*retired`, as `si_hazard_end_borrow` does (I6). Defined in Shims.c, never inlined,
/// and opaque even to cross-language LTO (issue 28, c): the compiler of the caller sees a call
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
/// struct, so that programs carry no accessor functions for its ten fields (issue 30, item 8).
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
/// itself. Defined in Shims.c and never inlined, for the reason `si_hazard_end_read` gives: what
/// the borrower did with the instance (a copy it keeps included) completes before the word clears.
intptr_t si_hazard_end_borrow(void *_Nullable *_Nonnull word, const intptr_t *_Nonnull retired,
                              bool symmetric);

/// Installs what a thread that exits while it holds hazard words runs after clearing them (I12):
/// reclaims in every slot where cells wait for reads. Idempotent.
void si_hazard_set_exit_reclaimer(void (*_Nonnull reclaimer)(void));

/// After `si_hazard_barrier`: whether any thread's hazard word holds `pointer` now (I5). The
/// caller has already unlinked `pointer`.
bool si_hazard_is_protected(const void *_Nonnull pointer);

/// Returns once no thread protects `pointer`, which the caller has unlinked: for the service
/// locator's registries, which are only ever protected transiently (I2), never borrowed.
void si_hazard_wait_until_unprotected(const void *_Nonnull pointer);

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

// MARK: - Factory runs on this thread

/// The innermost factory (or `update`) run on the calling thread, and the cells whose release
/// waits for the outermost run to return (I10): opaque pointers owned by Swift code
/// (`_FactoryStack`), or NULL.
extern _Thread_local void *_Nullable si_factory_top;
extern _Thread_local void *_Nullable si_factory_deferred;

static inline void *_Nullable si_factory_stack_top(void) { return si_factory_top; }
static inline void si_factory_stack_set_top(void *_Nullable top) { si_factory_top = top; }
static inline void *_Nullable si_factory_deferred_releases(void) { return si_factory_deferred; }
static inline void si_factory_set_deferred_releases(void *_Nullable list) {
  si_factory_deferred = list;
}

/// Whether the calling thread is the process's main thread (where the main actor runs).
bool si_is_main_thread(void);

/// Writes a C string to standard error, unbuffered.
void si_write_standard_error(const char *_Nonnull text);

// MARK: - Mutex

typedef struct si_mutex si_mutex;

si_mutex *_Nonnull si_mutex_create(void);
void si_mutex_destroy(si_mutex *_Nonnull mutex);
void si_mutex_lock(si_mutex *_Nonnull mutex);
void si_mutex_unlock(si_mutex *_Nonnull mutex);

#ifdef __cplusplus
}
#endif

#endif
