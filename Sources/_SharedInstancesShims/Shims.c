#include "_SharedInstancesShims.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#if defined(__APPLE__)
#include <pthread.h>
#else
#include <sys/syscall.h>
#include <unistd.h>
#endif
#if defined(__linux__)
#include <linux/membarrier.h>
#endif

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SI_UNDER_THREAD_SANITIZER 1
#endif
#endif

intptr_t si_isolation_ever_used = 0;
intptr_t si_process_wide_scopes = 0;
intptr_t si_leaked_overrides = 0;

static uint64_t si_identifier_counter = 0;

uint64_t si_next_identifier(void) {
  return __atomic_add_fetch(&si_identifier_counter, 1, __ATOMIC_RELAXED);
}

uintptr_t si_current_thread(void) {
  return (uintptr_t)pthread_self();
}

bool si_is_main_thread(void) {
#if defined(__APPLE__)
  return pthread_main_np() != 0;
#else
  return syscall(SYS_gettid) == getpid();
#endif
}

void si_write_standard_error(const char *text) {
  fputs(text, stderr);
  fflush(stderr);
}

// MARK: - Hazard pointers

_Thread_local si_hazard_record *si_hazard_mine = 0;

intptr_t si_hazard_asymmetric = 0;

#if defined(__linux__) && !defined(SI_UNDER_THREAD_SANITIZER)
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
  const char *symmetric = getenv("SHARED_INSTANCES_SYMMETRIC_FENCES");
  if (symmetric != 0 && symmetric[0] == '1') {
    return;
  }
  __atomic_store_n(&si_hazard_asymmetric, 1, __ATOMIC_SEQ_CST);
}
#endif

_Thread_local void *si_factory_top = 0;
_Thread_local void *si_factory_deferred = 0;

void si_hazard_barrier(bool symmetric) {
#if defined(__linux__) && !defined(SI_UNDER_THREAD_SANITIZER)
  if (si_hazard_is_asymmetric(symmetric)) {
    if (syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0) {
      fputs("SharedInstances: membarrier failed after it was registered\n", stderr);
      abort();
    }
    return;
  }
#endif
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

static si_hazard_record *si_hazard_head = 0;
static pthread_key_t si_hazard_key;
static pthread_once_t si_hazard_key_once = PTHREAD_ONCE_INIT;

static void si_hazard_detach(void *value) {
  si_hazard_record *record = (si_hazard_record *)value;
  // Borrow words stay as they are: a borrow begun on this thread may still be running in a task
  // that resumed elsewhere, and it clears its word itself. The next owner claims only free words.
  __atomic_store_n(&record->transient, (void *)0, __ATOMIC_RELEASE);
  __atomic_store_n(&record->in_use, 0, __ATOMIC_RELEASE);
  si_hazard_mine = 0;
}

static void si_hazard_make_key(void) {
  if (pthread_key_create(&si_hazard_key, si_hazard_detach) != 0) {
    fputs("SharedInstances: pthread_key_create failed\n", stderr);
    abort();
  }
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
      fputs("SharedInstances: out of memory for a hazard record\n", stderr);
      abort();
    }
    record = (si_hazard_record *)memory;
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

// Not inline, on purpose (I3): `copy` is where the caller's compiler must have finished the copy.
intptr_t si_hazard_end_read(si_hazard_record *record, void *copy, const intptr_t *retired,
                            bool symmetric) {
  (void)copy;
  return si_hazard_end_borrow(&record->transient, retired, symmetric);
}

// Not inline, on purpose (I3, I6).
intptr_t si_hazard_end_borrow(void **word, const intptr_t *retired, bool symmetric) {
  if (si_hazard_is_asymmetric(symmetric)) {
    // Release: what the reader did with the cell happens before a writer frees it.
    __atomic_store_n(word, (void *)0, __ATOMIC_RELEASE);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    return __atomic_load_n(retired, __ATOMIC_RELAXED);
  }
  __atomic_store_n(word, (void *)0, __ATOMIC_SEQ_CST);
  return __atomic_load_n(retired, __ATOMIC_SEQ_CST);
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

void si_hazard_wait_until_unprotected(const void *pointer) {
  si_hazard_barrier(false);
  for (si_hazard_record *r = __atomic_load_n(&si_hazard_head, __ATOMIC_ACQUIRE); r != 0;
       r = r->next) {
    unsigned spins = 0;
    while (si_hazard_record_holds(r, pointer)) {
      // Only transient protections are waited for: never held across user code.
      if (++spins > 64) {
        sched_yield();
      }
    }
  }
}

// MARK: - Test hooks

static si_test_hook si_test_installed_hook = 0;

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
  si_mutex *mutex = (si_mutex *)malloc(sizeof(si_mutex));
  if (mutex == 0 || pthread_mutex_init(&mutex->mutex, 0) != 0) {
    fputs("SharedInstances: cannot create a mutex\n", stderr);
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
