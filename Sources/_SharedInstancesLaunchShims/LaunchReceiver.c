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

static const char *si_path = NULL;
static const char *si_token = NULL;

const char *si_launch_handoff_path(void) { return si_path; }
const char *si_launch_handoff_token(void) { return si_token; }
int si_launch_handoff_is_compiled_in(void) { return 1; }

static void si_launch_on_load(int argc, char **argv) {
  si_path = getenv("SHARED_INSTANCES_LAUNCH_HANDOFF");
  si_token = getenv("SHARED_INSTANCES_LAUNCH_TOKEN");
  // Launch arguments, for launchers that pass arguments only:
  // `--shared-instances-launch-handoff PATH TOKEN`.
  for (int index = 1; argv != NULL && index < argc; index++) {
    if (strcmp(argv[index], "--shared-instances-launch-handoff") == 0 && index + 1 < argc) {
      si_path = argv[index + 1];
      si_token = index + 2 < argc ? argv[index + 2] : NULL;
      break;
    }
  }
  if (si_path == NULL || si_path[0] == '\0') {
    si_path = NULL;
    return;
  }
  si_launch_handoff_will_start();
}

#if defined(_WIN32)
static void si_launch_on_load_windows(void) { si_launch_on_load(0, NULL); }
#pragma section(".CRT$XCU", read)
__declspec(allocate(".CRT$XCU")) static void (*si_launch_on_load_entry)(void) =
    si_launch_on_load_windows;
#else
// glibc and dyld pass the program's arguments to load-time constructors.
__attribute__((constructor)) static void si_launch_on_load_constructor(int argc, char **argv) {
  si_launch_on_load(argc, argv);
}
#endif

#else

const char *si_launch_handoff_path(void) { return NULL; }
const char *si_launch_handoff_token(void) { return NULL; }
int si_launch_handoff_is_compiled_in(void) { return 0; }

#endif
