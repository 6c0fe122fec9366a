// No debug information comes from this file, and texts are named `nodebug` constants: see the
// note in `_SharedInstancesShims/NoDebugInfo.h` (valgrind and DWARF 5);
// `scripts/check-debug-info.sh` checks it.
#pragma clang attribute push (__attribute__((nodebug)), apply_to = hasType(functionType))
#define SI_NO_DEBUG_INFO __attribute__((nodebug))
#define SI_TEXT(name, text) SI_NO_DEBUG_INFO static const char name[] = text

// A launched process must hold its test's doubles before `main` runs, and the app writes no code
// for it: a load-time constructor finds the hand-off and calls into Swift, which validates it
// and applies it (SharedInstancesLaunch/Internal/Receiver.swift). In a release build without the
// opt-in, none of this is compiled: no variable is read, no file opened, nothing runs at load.
#include <stdlib.h>
#include <string.h>
#include "_SharedInstancesLaunchShims.h"

#if defined(DEBUG) || defined(SI_LAUNCH_HANDOFF_IN_RELEASE)

// Defined in Swift (SharedInstancesLaunch/Internal/Receiver.swift, `@_cdecl`).
extern void si_launch_handoff_will_start(void);

SI_TEXT(si_text_handoff_variable, "SHARED_INSTANCES_LAUNCH_HANDOFF");
SI_TEXT(si_text_token_variable, "SHARED_INSTANCES_LAUNCH_TOKEN");
SI_TEXT(si_text_handoff_argument, "--shared-instances-launch-handoff");

SI_NO_DEBUG_INFO static const char *si_path = 0;
SI_NO_DEBUG_INFO static const char *si_token = 0;

const char *si_launch_handoff_path(void) { return si_path; }
const char *si_launch_handoff_token(void) { return si_token; }
int si_launch_handoff_is_compiled_in(void) { return 1; }

static void si_launch_on_load(int argc, char **argv) {
  si_path = getenv(si_text_handoff_variable);
  si_token = getenv(si_text_token_variable);
  // Launch arguments, for launchers that pass arguments only:
  // `--shared-instances-launch-handoff PATH TOKEN`.
  for (int index = 1; argv != 0 && index < argc; index++) {
    if (strcmp(argv[index], si_text_handoff_argument) == 0 && index + 1 < argc) {
      si_path = argv[index + 1];
      si_token = index + 2 < argc ? argv[index + 2] : 0;
      break;
    }
  }
  if (si_path == 0 || si_path[0] == '\0') {
    si_path = 0;
    return;
  }
  si_launch_handoff_will_start();
}

#if defined(_WIN32)
static void si_launch_on_load_windows(void) { si_launch_on_load(0, 0); }
#pragma section(".CRT$XCU", read)
SI_NO_DEBUG_INFO __declspec(allocate(".CRT$XCU")) static void (*si_launch_on_load_entry)(void) =
    si_launch_on_load_windows;
#else
// glibc and dyld pass the program's arguments to load-time constructors.
__attribute__((constructor)) static void si_launch_on_load_constructor(int argc, char **argv) {
  si_launch_on_load(argc, argv);
}
#endif

#else

const char *si_launch_handoff_path(void) { return 0; }
const char *si_launch_handoff_token(void) { return 0; }
int si_launch_handoff_is_compiled_in(void) { return 0; }

#endif

#pragma clang attribute pop
