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

static inline void *_Nullable si_ptr_exchange(void *_Nullable *_Nonnull slot, void *_Nullable value) {
  return __atomic_exchange_n(slot, value, __ATOMIC_SEQ_CST);
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

void si_isolation_mark_used(void);

/// How many process-wide isolation scopes are open. Reads outside every scope check it before
/// looking for one.
extern intptr_t si_process_wide_scopes;

static inline bool si_process_wide_scope_is_open(void) {
  return __atomic_load_n(&si_process_wide_scopes, __ATOMIC_ACQUIRE) != 0;
}

static inline void si_process_wide_scopes_add(intptr_t delta) {
  __atomic_fetch_add(&si_process_wide_scopes, delta, __ATOMIC_SEQ_CST);
}

/// A process-unique, never reused, non-zero number (identifies boxes and scopes).
uint64_t si_next_identifier(void);

/// An identifier of the calling thread, unique among live threads.
uintptr_t si_current_thread(void);

// MARK: - Hazard pointers
//
// A reader publishes the pointer it is about to dereference in its thread's record; a writer
// that unlinks a pointer waits until no record holds it before freeing it. Readers never write
// a shared cache line, so reads on several threads do not serialize.

typedef struct si_hazard_record {
  void *_Nullable hazard;                       // accessed atomically
  intptr_t in_use;                              // accessed atomically
  struct si_hazard_record *_Nullable next;      // immutable once published
  char padding[64 - 3 * sizeof(void *)];        // one record per cache line
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

/// Loads `*slot` and protects it in `record` until `si_hazard_clear`. Returns NULL, with nothing
/// protected, when the slot is empty.
static inline void *_Nullable si_hazard_protect(void *_Nullable const *_Nonnull slot,
                                                si_hazard_record *_Nonnull record) {
  void *pointer = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  while (pointer != 0) {
    __atomic_store_n(&record->hazard, pointer, __ATOMIC_SEQ_CST);
    void *again = __atomic_load_n(slot, __ATOMIC_SEQ_CST);
    if (again == pointer) {
      return pointer;
    }
    pointer = again;
  }
  __atomic_store_n(&record->hazard, (void *)0, __ATOMIC_RELEASE);
  return 0;
}

static inline void si_hazard_clear(si_hazard_record *_Nonnull record) {
  __atomic_store_n(&record->hazard, (void *)0, __ATOMIC_RELEASE);
}

/// Returns once no thread protects `pointer` (which the caller has already unlinked).
void si_hazard_wait_until_unprotected(const void *_Nonnull pointer);

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
