// No debug information comes from this file. Clang writes DWARF 5 by default and Swift writes
// DWARF 4; valgrind 3.19 (Debian 12's) cannot read a DWARF 5 unit that uses
// `DW_FORM_strx1`/`DW_FORM_addrx` and gives up on the whole program ("possibly corrupted
// debuginfo"), so memcheck, callgrind and massif would not run on any program that links the
// library. SwiftPM offers no safe setting for the DWARF version, so every function here (the
// pragma) and every variable (`SI_NO_DEBUG_INFO`) is `nodebug`: the object carries no DWARF at
// all. `scripts/check-debug-info.sh` fails CI when a definition misses it.
#pragma clang attribute push (__attribute__((nodebug)), apply_to = hasType(functionType))
#define SI_NO_DEBUG_INFO __attribute__((nodebug))
// A string literal is a variable to the debugger, and a pointer cast keeps its type: so texts
// are named `nodebug` constants, and pointers convert through `void *` without a cast.
#define SI_TEXT(name, text) SI_NO_DEBUG_INFO static const char name[] = text

#include "_SharedInstancesShims.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

SI_TEXT(si_text_key_failed, "SharedInstances: pthread_key_create failed\n");
SI_TEXT(si_text_out_of_memory, "SharedInstances: out of memory for a hazard record\n");
SI_TEXT(si_text_mutex_failed, "SharedInstances: cannot create a mutex\n");

// MARK: - Platforms
//
// The rest of this file is written against POSIX threads (a thread-specific key with a
// destructor, `pthread_once`, a mutex, `posix_memalign`). Each platform without
// them gets the same names here, mapped onto what it has, so that no code below branches:
//
// - Apple platforms, Linux (glibc, and musl for static Linux), Android (bionic): POSIX; the
//   main thread is `pthread_main_np` on Apple platforms and the thread whose id is the process's
//   elsewhere. `membarrier` on Linux and Android; its constants are spelled out where the kernel
//   headers are missing (the musl SDK).
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

static void WINAPI si_windows_fls_callback(PVOID value) {
  if (value != 0 && si_windows_key_destructor != 0) {
    si_windows_key_destructor(value);
  }
}

static int pthread_key_create(pthread_key_t *key, void (*destructor)(void *)) {
  si_windows_key_destructor = destructor;
  DWORD index = FlsAlloc(si_windows_fls_callback);
  if (index == FLS_OUT_OF_INDEXES) {
    return -1;
  }
  *key = index;
  return 0;
}

static int pthread_setspecific(pthread_key_t key, const void *value) {
  return FlsSetValue(key, (PVOID)value) ? 0 : -1;
}

static BOOL CALLBACK si_windows_run_once(PINIT_ONCE once, PVOID routine, PVOID *context) {
  (void)once;
  (void)context;
  ((void (*)(void))routine)();
  return TRUE;
}

static int pthread_once(pthread_once_t *once, void (*routine)(void)) {
  return InitOnceExecuteOnce(once, si_windows_run_once, (PVOID)routine, 0) ? 0 : -1;
}

static int pthread_mutex_init(pthread_mutex_t *mutex, const void *attributes) {
  (void)attributes;
  InitializeSRWLock(mutex);
  return 0;
}

static int pthread_mutex_destroy(pthread_mutex_t *mutex) {
  (void)mutex;
  return 0;
}

static int pthread_mutex_lock(pthread_mutex_t *mutex) {
  AcquireSRWLockExclusive(mutex);
  return 0;
}

static int pthread_mutex_unlock(pthread_mutex_t *mutex) {
  ReleaseSRWLockExclusive(mutex);
  return 0;
}

// Hazard records live for the whole process: never freed, so `_aligned_free` is never needed.
static int posix_memalign(void **memory, size_t alignment, size_t size) {
  *memory = _aligned_malloc(size, alignment);
  return *memory == 0 ? -1 : 0;
}

// The thread that loaded the image: the main thread for an executable and its static libraries.
SI_NO_DEBUG_INFO static DWORD si_windows_main_thread = 0;

__attribute__((constructor)) static void si_windows_record_main_thread(void) {
  si_windows_main_thread = GetCurrentThreadId();
}

static bool si_platform_is_main_thread(void) {
  return GetCurrentThreadId() == si_windows_main_thread;
}

#elif defined(__wasi__) && !defined(_REENTRANT)
#include <sched.h>

// One thread: a key is a variable (its destructor never runs: the thread never exits), once is
// a flag, and the mutex has no one to exclude.
typedef void *pthread_key_t;
typedef int pthread_once_t;
typedef int pthread_mutex_t;
#define PTHREAD_ONCE_INIT 0

static int pthread_key_create(pthread_key_t *key, void (*destructor)(void *)) {
  (void)destructor;
  *key = 0;
  return 0;
}

static int pthread_setspecific(pthread_key_t key, const void *value) {
  (void)key;
  (void)value;
  return 0;
}

static int pthread_once(pthread_once_t *once, void (*routine)(void)) {
  if (*once == 0) {
    *once = 1;
    routine();
  }
  return 0;
}

static int pthread_mutex_init(pthread_mutex_t *mutex, const void *attributes) {
  (void)attributes;
  *mutex = 0;
  return 0;
}

static int pthread_mutex_destroy(pthread_mutex_t *mutex) {
  (void)mutex;
  return 0;
}

static int pthread_mutex_lock(pthread_mutex_t *mutex) {
  (void)mutex;
  return 0;
}

static int pthread_mutex_unlock(pthread_mutex_t *mutex) {
  (void)mutex;
  return 0;
}

static bool si_platform_is_main_thread(void) {
  return true;
}

#else
#include <pthread.h>
#include <sched.h>

#if defined(__APPLE__)
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
#include <sys/syscall.h>
#include <unistd.h>

static bool si_platform_is_main_thread(void) {
  return syscall(SYS_gettid) == getpid();
}
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
#define SI_UNDER_THREAD_SANITIZER 1
#endif
#endif

SI_NO_DEBUG_INFO intptr_t si_isolation_ever_used = 0;
SI_NO_DEBUG_INFO intptr_t si_process_wide_scopes = 0;
SI_NO_DEBUG_INFO intptr_t si_leaked_overrides = 0;

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

SI_NO_DEBUG_INFO _Thread_local void *si_factory_top = 0;
SI_NO_DEBUG_INFO _Thread_local void *si_factory_deferred = 0;

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

SI_NO_DEBUG_INFO static void (*si_hazard_exit_reclaimer)(void) = 0;

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

// Never inlined, opaque (I3, I6): what the borrower did with the instance completes before the
// clear.
__attribute__((noinline)) intptr_t si_hazard_end_borrow(void **word, const intptr_t *retired,
                                                        bool symmetric) {
  __asm__ volatile("" : : "r"(word) : "memory");
  return si_hazard_clear(word, retired, symmetric);
}

// MARK: - External contract: the Swift runtime
//
// The one place this library calls into the Swift runtime from C: its retain of a class instance,
// an ABI-stable entry point (a native instance on Linux; on Apple platforms, where the instance
// may be an Objective-C object, the entry point that handles both). A change of the runtime's ABI
// would surface here, and nowhere else.
#if defined(__APPLE__)
extern void *swift_unknownObjectRetain(void *object);
#define SI_RETAIN_OBJECT(object) swift_unknownObjectRetain(object)
#else
extern void *swift_retain(void *object);
#define SI_RETAIN_OBJECT(object) swift_retain(object)
#endif

// One call per read of `Resettable.value` for a class instance, so that the read costs one call.
// Every step is the one the Swift path takes, in the same order.
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

// MARK: - Test hooks

SI_NO_DEBUG_INFO static si_test_hook si_test_installed_hook = 0;

void si_test_set_hook(si_test_hook hook) {
  __atomic_store_n(&si_test_installed_hook, hook, __ATOMIC_SEQ_CST);
}

si_test_hook si_test_current_hook(void) {
  return __atomic_load_n(&si_test_installed_hook, __ATOMIC_ACQUIRE);
}

// MARK: - Mutex

struct si_mutex {
  pthread_mutex_t mutex;
};

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
