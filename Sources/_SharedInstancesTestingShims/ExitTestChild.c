// An exit test's child process is the test binary started again: traits do not run there, so
// nothing of SharedInstancesTesting would run before the body reads a box. A load-time
// constructor notices the child (Swift Testing's variable naming the exit test is still set
// then) and hands over to Swift, which opens the child's isolated scope before `main`.
#include <stdlib.h>
#include "_SharedInstancesTestingShims.h"

// Defined in Swift (SharedInstancesTestIsolation/ExitTests/ExitTestChild.swift, `@_cdecl`).
extern void si_testing_exit_test_child_will_start(void);

static int si_exit_test_child = 0;

int si_testing_is_exit_test_child(void) { return si_exit_test_child; }

static void si_testing_on_load(void) {
  // SWT_EXIT_TEST_ID since Swift 6.2; SWT_EXPERIMENTAL_EXIT_TEST_ID in Swift 6.1.
  if (getenv("SWT_EXIT_TEST_ID") == NULL && getenv("SWT_EXPERIMENTAL_EXIT_TEST_ID") == NULL) {
    return;
  }
  if (getenv("SHARED_INSTANCES_EXIT_TEST_ISOLATION") != NULL &&
      getenv("SHARED_INSTANCES_EXIT_TEST_ISOLATION")[0] == '0') {
    return;  // opted out: the child runs as a plain process
  }
  si_exit_test_child = 1;
  si_testing_exit_test_child_will_start();
}

#if defined(_WIN32)
// MSVC-compatible toolchains: a pointer in the C runtime's initializer section.
#pragma section(".CRT$XCU", read)
__declspec(allocate(".CRT$XCU")) static void (*si_testing_on_load_entry)(void) =
    si_testing_on_load;
#else
__attribute__((constructor)) static void si_testing_on_load_constructor(void) {
  si_testing_on_load();
}
#endif
