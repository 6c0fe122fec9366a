// Where tests hold a thread inside the hazard protocol (unoptimized builds only). Part of
// _SharedInstancesShims (private machinery, not API).

#ifndef SI_TEST_HOOKS_H
#define SI_TEST_HOOKS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Test hooks (unoptimized builds only)
//
// Tests hold a thread at a chosen point of the protocol (right after it stored its hazard word,
// as preemption can hold it) and change boxes meanwhile: the interleavings of the slow paths,
// each reproduced deterministically, also under ThreadSanitizer. `si_test_event` is compiled only
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

#ifdef __cplusplus
}
#endif

#endif
