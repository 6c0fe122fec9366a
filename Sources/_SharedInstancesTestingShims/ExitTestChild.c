// No debug information comes from this file, and texts are named `nodebug` constants: see the
// note in `_SharedInstancesShims/NoDebugInfo.h` (valgrind and DWARF 5);
// `scripts/check-debug-info.sh` checks it.
#pragma clang attribute push (__attribute__((nodebug)), apply_to = hasType(functionType))
#define SI_NO_DEBUG_INFO __attribute__((nodebug))
#define SI_TEXT(name, text) SI_NO_DEBUG_INFO static const char name[] = text

// An exit test's child process is the test binary started again: traits do not run there, so
// nothing of SharedInstancesTesting would run before the body reads a box. A load-time
// constructor notices the child (Swift Testing's variable naming the exit test is still set
// then) and hands over to Swift, which opens the child's isolated scope before `main`.
#include <stdlib.h>
#include "_SharedInstancesTestingShims.h"

// Defined in Swift (SharedInstancesTestIsolation/ExitTests/ExitTestChild.swift, `@_cdecl`).
extern void si_testing_exit_test_child_will_start(void);

// External contract: Swift Testing's private environment variables, read here and nowhere else
// in the package. `SWT_EXIT_TEST_ID` since Swift 6.2, `SWT_EXPERIMENTAL_EXIT_TEST_ID` in Swift 6.1
// (set in an exit test's child only); a rename in a later Swift Testing surfaces here, as exit
// tests whose child runs without isolation (SharedInstancesTestIsolationTests, ExitTests/).
SI_TEXT(si_text_exit_test_id, "SWT_EXIT_TEST_ID");
SI_TEXT(si_text_experimental_exit_test_id, "SWT_EXPERIMENTAL_EXIT_TEST_ID");
SI_TEXT(si_text_isolation_variable, "SHARED_INSTANCES_EXIT_TEST_ISOLATION");

SI_NO_DEBUG_INFO static int si_exit_test_child = 0;

int si_testing_is_exit_test_child(void) { return si_exit_test_child; }

static void si_testing_on_load(void) {
  if (getenv(si_text_exit_test_id) == 0 && getenv(si_text_experimental_exit_test_id) == 0) {
    return;
  }
  const char *isolation = getenv(si_text_isolation_variable);
  if (isolation != 0 && isolation[0] == '0') {
    return;  // opted out: the child runs as a plain process
  }
  si_exit_test_child = 1;
  si_testing_exit_test_child_will_start();
}

#if defined(_WIN32)
// MSVC-compatible toolchains: a pointer in the C runtime's initializer section.
#pragma section(".CRT$XCU", read)
SI_NO_DEBUG_INFO __declspec(allocate(".CRT$XCU")) static void (*si_testing_on_load_entry)(void) =
    si_testing_on_load;
#else
__attribute__((constructor)) static void si_testing_on_load_constructor(void) {
  si_testing_on_load();
}
#endif

#pragma clang attribute pop
