// The platform and the process (si_platform.h): process-wide flags, identifiers of boxes and
// threads, the main thread, standard error, the factory stack's thread-locals, a mutex.

#pragma clang attribute push (__attribute__((nodebug)), apply_to = hasType(functionType))
#include "NoDebugInfo.h"

#include "_SharedInstancesShims.h"
#include "Platform.h"

#include <stdio.h>
#include <stdlib.h>

// MARK: - The main thread
//
// `pthread_main_np` on Apple platforms; the thread whose id is the process's on Linux and
// Android; the thread that loaded the image (ran the constructors) on Windows and wasi-threads;
// the one thread of WASI without threads.
#if defined(_WIN32)
// The thread that loaded the image: the main thread for an executable and its static libraries.
SI_NO_DEBUG_INFO static DWORD si_windows_main_thread = 0;

__attribute__((constructor)) static void si_windows_record_main_thread(void) {
  si_windows_main_thread = GetCurrentThreadId();
}

static bool si_platform_is_main_thread(void) {
  return GetCurrentThreadId() == si_windows_main_thread;
}
#elif defined(__wasi__) && !defined(_REENTRANT)
static bool si_platform_is_main_thread(void) {
  return true;
}
#elif defined(__APPLE__)
static bool si_platform_is_main_thread(void) {
  return pthread_main_np() != 0;
}
#elif defined(__wasi__)
// wasi-threads: no `gettid`; the thread that ran the constructors is the main thread.
SI_NO_DEBUG_INFO static pthread_t si_wasi_main_thread;

__attribute__((constructor)) static void si_wasi_record_main_thread(void) {
  si_wasi_main_thread = pthread_self();
}

static bool si_platform_is_main_thread(void) {
  return pthread_equal(pthread_self(), si_wasi_main_thread) != 0;
}
#else
static bool si_platform_is_main_thread(void) {
  return syscall(SYS_gettid) == getpid();
}
#endif

// MARK: - Process-wide flags, identifiers

SI_NO_DEBUG_INFO intptr_t si_isolation_ever_used = 0;
SI_NO_DEBUG_INFO intptr_t si_process_wide_scopes = 0;
SI_NO_DEBUG_INFO intptr_t si_leaked_overrides = 0;
SI_NO_DEBUG_INFO si_isolated_read_entry si_isolated_read_entry_installed = 0;

SI_NO_DEBUG_INFO static uint64_t si_identifier_counter = 0;

uint64_t si_next_identifier(void) {
  return __atomic_add_fetch(&si_identifier_counter, 1, __ATOMIC_RELAXED);
}

// A thread's identity is a number drawn from a process-wide counter the first time the thread
// asks, never handed to another thread: a thread id of the platform (`pthread_self`,
// `GetCurrentThreadId`) is given to a new thread once its owner has exited, and a thread that
// exits inside a factory leaves its box's creator word naming it for good. Out of line and not
// `const`: an async caller that resumes on another thread after an `await` calls it again.
SI_NO_DEBUG_INFO static uintptr_t si_thread_counter = 0;
SI_NO_DEBUG_INFO static _Thread_local uintptr_t si_thread_identity = 0;

uintptr_t si_current_thread(void) {
  uintptr_t identity = si_thread_identity;
  if (__builtin_expect(identity == 0, 0)) {
    identity = __atomic_add_fetch(&si_thread_counter, 1, __ATOMIC_RELAXED);
    si_thread_identity = identity;
  }
  return identity;
}

bool si_is_main_thread(void) {
  return si_platform_is_main_thread();
}

void si_write_standard_error(const char *text) {
  fputs(text, stderr);
  fflush(stderr);
}

// MARK: - Factory runs on this thread

SI_NO_DEBUG_INFO _Thread_local void *si_factory_top = 0;
SI_NO_DEBUG_INFO _Thread_local void *si_factory_deferred = 0;

// MARK: - Mutex

struct si_mutex {
  pthread_mutex_t mutex;
};

SI_TEXT(si_text_mutex_failed, "SharedInstances: cannot create a mutex\n");

si_mutex *si_mutex_create(void) {
  si_mutex *mutex = malloc(sizeof(si_mutex));
  if (mutex == 0 || pthread_mutex_init(&mutex->mutex, 0) != 0) {
    fputs(si_text_mutex_failed, stderr);
    abort();
  }
  return mutex;
}

void si_mutex_destroy(si_mutex *mutex) {
  pthread_mutex_destroy(&mutex->mutex);
  free(mutex);
}

void si_mutex_lock(si_mutex *mutex) {
  pthread_mutex_lock(&mutex->mutex);
}

void si_mutex_unlock(si_mutex *mutex) {
  pthread_mutex_unlock(&mutex->mutex);
}

#pragma clang attribute pop
