// Atomics on words: the GCC/Clang `__atomic` builtins on plain integers and pointers, so the same
// code runs on Linux and on every Apple platform the package supports (Synchronization's `Atomic`
// needs macOS 15 / iOS 18). ThreadSanitizer understands these builtins. Part of
// _SharedInstancesShims (private machinery, not API).

#ifndef SI_ATOMICS_H
#define SI_ATOMICS_H

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

#ifdef __cplusplus
}
#endif

#endif
