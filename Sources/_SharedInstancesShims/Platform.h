// The platforms under the shims: what the C files use of POSIX threads, mapped onto each platform
// that lacks it, and the Linux `membarrier` system call. Private to _SharedInstancesShims (not in
// include/: Swift never sees it). Included after NoDebugInfo.h.

#ifndef SI_PLATFORM_PRIVATE_H
#define SI_PLATFORM_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// The shims are written against POSIX threads (a thread-specific key with a destructor,
// `pthread_once`, a mutex, `posix_memalign`). Each platform without them gets the same names
// here, mapped onto what it has, so that no code of the shims branches on the platform for them:
//
// - Apple platforms, Linux (glibc, and musl for static Linux), Android (bionic): POSIX.
//   `membarrier` on Linux and Android; its constants are spelled out where the kernel headers
//   are missing (the musl SDK).
// - Windows: fiber-local storage (its callback runs when a thread exits, like a key's
//   destructor), one-time initialization, a slim reader/writer lock, `_aligned_malloc`.
// - WASI without threads: one thread, so a key is a variable, once is a flag and the mutex does
//   nothing. WASI with threads (wasi-threads) has POSIX threads, without `gettid`.
#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <malloc.h>
#include <windows.h>

typedef DWORD pthread_key_t;
typedef INIT_ONCE pthread_once_t;
typedef SRWLOCK pthread_mutex_t;
#define PTHREAD_ONCE_INIT INIT_ONCE_STATIC_INIT

// One key is made (the hazard records'): its destructor is kept here for the FLS callback,
// whose calling convention differs from a plain C function's on 32-bit Windows.
SI_NO_DEBUG_INFO static void (*si_windows_key_destructor)(void *) = 0;

static inline void WINAPI si_windows_fls_callback(PVOID value) {
  if (value != 0 && si_windows_key_destructor != 0) {
    si_windows_key_destructor(value);
  }
}

static inline int pthread_key_create(pthread_key_t *key, void (*destructor)(void *)) {
  si_windows_key_destructor = destructor;
  DWORD index = FlsAlloc(si_windows_fls_callback);
  if (index == FLS_OUT_OF_INDEXES) {
    return -1;
  }
  *key = index;
  return 0;
}

static inline int pthread_setspecific(pthread_key_t key, const void *value) {
  return FlsSetValue(key, (PVOID)value) ? 0 : -1;
}

static inline BOOL CALLBACK si_windows_run_once(PINIT_ONCE once, PVOID routine, PVOID *context) {
  (void)once;
  (void)context;
  ((void (*)(void))routine)();
  return TRUE;
}

static inline int pthread_once(pthread_once_t *once, void (*routine)(void)) {
  return InitOnceExecuteOnce(once, si_windows_run_once, (PVOID)routine, 0) ? 0 : -1;
}

static inline int pthread_mutex_init(pthread_mutex_t *mutex, const void *attributes) {
  (void)attributes;
  InitializeSRWLock(mutex);
  return 0;
}

static inline int pthread_mutex_destroy(pthread_mutex_t *mutex) {
  (void)mutex;
  return 0;
}

static inline int pthread_mutex_lock(pthread_mutex_t *mutex) {
  AcquireSRWLockExclusive(mutex);
  return 0;
}

static inline int pthread_mutex_unlock(pthread_mutex_t *mutex) {
  ReleaseSRWLockExclusive(mutex);
  return 0;
}

// Hazard records live for the whole process: never freed, so `_aligned_free` is never needed.
static inline int posix_memalign(void **memory, size_t alignment, size_t size) {
  *memory = _aligned_malloc(size, alignment);
  return *memory == 0 ? -1 : 0;
}


#elif defined(__wasi__) && !defined(_REENTRANT)
#include <sched.h>

// One thread: a key is a variable (its destructor never runs: the thread never exits), once is
// a flag, and the mutex has no one to exclude.
typedef void *pthread_key_t;
typedef int pthread_once_t;
typedef int pthread_mutex_t;
#define PTHREAD_ONCE_INIT 0

static inline int pthread_key_create(pthread_key_t *key, void (*destructor)(void *)) {
  (void)destructor;
  *key = 0;
  return 0;
}

static inline int pthread_setspecific(pthread_key_t key, const void *value) {
  (void)key;
  (void)value;
  return 0;
}

static inline int pthread_once(pthread_once_t *once, void (*routine)(void)) {
  if (*once == 0) {
    *once = 1;
    routine();
  }
  return 0;
}

static inline int pthread_mutex_init(pthread_mutex_t *mutex, const void *attributes) {
  (void)attributes;
  *mutex = 0;
  return 0;
}

static inline int pthread_mutex_destroy(pthread_mutex_t *mutex) {
  (void)mutex;
  return 0;
}

static inline int pthread_mutex_lock(pthread_mutex_t *mutex) {
  (void)mutex;
  return 0;
}

static inline int pthread_mutex_unlock(pthread_mutex_t *mutex) {
  (void)mutex;
  return 0;
}


#else
#include <pthread.h>
#include <sched.h>

#if !defined(__APPLE__) && !defined(__wasi__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

#if defined(__linux__)
#if __has_include(<linux/membarrier.h>)
#include <linux/membarrier.h>
#else
// The kernel's values (include/uapi/linux/membarrier.h), for C libraries shipped without the
// kernel headers (musl for static Linux).
#define MEMBARRIER_CMD_QUERY 0
#define MEMBARRIER_CMD_PRIVATE_EXPEDITED (1 << 3)
#define MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED (1 << 4)
#endif
#endif
#endif

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
// ThreadSanitizer does not model `membarrier`: both sides of the hazard protocol then fence.
#define SI_UNDER_THREAD_SANITIZER 1
#endif
#endif

#endif
