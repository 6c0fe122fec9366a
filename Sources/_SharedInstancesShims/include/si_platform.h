// What the core needs of the platform and of the process: process-wide flags, identifiers of
// boxes and threads, the factory stack's thread-locals, the main thread, standard error, a mutex.
// Platform.c implements them on POSIX threads, which Platform.h maps onto Windows and
// single-threaded WASI. Part of _SharedInstancesShims (private machinery, not API).

#ifndef SI_PLATFORM_H
#define SI_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

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

/// The isolated read's entry (a read once isolation was used): a plain C function pointer that
/// the isolation layer installs before it marks isolation used, so that a read in a test calls
/// it with no existential, no reference counted and no generic metadata, even unoptimized.
/// `id` is the box's identifier, `identity` and `global` its `_BoxIdentity` and `_Slot`,
/// unretained (the box keeps them); `read` points to the caller's `_Read`. A read that found
/// nothing to copy sets `*missed` to the scope it resolved in, retained, if any.
typedef bool (*si_isolated_read_entry)(uint64_t id, const void *_Nonnull identity,
                                       const void *_Nonnull global, void *_Nonnull read,
                                       void *_Nullable *_Nonnull missed);

extern si_isolated_read_entry _Nullable si_isolated_read_entry_installed;

/// Installs the entry, once, before the first scope sets `si_isolation_ever_used`.
static inline void si_install_isolated_read_entry(si_isolated_read_entry _Nonnull entry) {
  __atomic_store_n(&si_isolated_read_entry_installed, entry, __ATOMIC_RELEASE);
}

/// The installed entry (NULL before the isolation layer installed it).
static inline si_isolated_read_entry _Nullable si_isolated_read(void) {
  return __atomic_load_n(&si_isolated_read_entry_installed, __ATOMIC_ACQUIRE);
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
