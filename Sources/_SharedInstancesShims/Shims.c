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

intptr_t si_isolation_ever_used = 0;
intptr_t si_process_wide_scopes = 0;

void si_isolation_mark_used(void) {
  __atomic_store_n(&si_isolation_ever_used, 1, __ATOMIC_SEQ_CST);
}

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

static si_hazard_record *si_hazard_head = 0;
static pthread_key_t si_hazard_key;
static pthread_once_t si_hazard_key_once = PTHREAD_ONCE_INIT;

static void si_hazard_detach(void *value) {
  si_hazard_record *record = (si_hazard_record *)value;
  __atomic_store_n(&record->hazard, (void *)0, __ATOMIC_RELEASE);
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
    record->hazard = 0;
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

void si_hazard_wait_until_unprotected(const void *pointer) {
  for (si_hazard_record *r = __atomic_load_n(&si_hazard_head, __ATOMIC_ACQUIRE); r != 0;
       r = r->next) {
    unsigned spins = 0;
    while (__atomic_load_n(&r->hazard, __ATOMIC_SEQ_CST) == pointer) {
      // A reader holds the pointer only while it copies a value out: never across user code.
      if (++spins > 64) {
        sched_yield();
      }
    }
  }
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
