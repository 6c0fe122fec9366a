// `_SharedInstancesShims`: depends on the C library alone (and on the Swift runtime's retain, an
// external contract); the core imports it, and so do the core's own tests and the torture. Every
// other module reaches it through the Swift API of the core's `MemorySafety/`.
//
// Private machinery of SharedInstances. Not API: names, types and behaviour may change in any
// release. Swift code outside the package must not import this module.
//
// Split by concern, a header and a C file each:
//
// - word atomics: si_atomics.h (the GCC/Clang `__atomic` builtins on plain integers and pointers,
//   so the same code runs on Linux and on every Apple platform the package supports, where
//   Synchronization's `Atomic` needs macOS 15 / iOS 18; ThreadSanitizer understands them);
// - the platform and the process: si_platform.h, Platform.c, and the private Platform.h that maps
//   POSIX threads onto Windows and single-threaded WASI;
// - the hazard-pointer protocol, whose invariants it cites: si_hazard.h, Hazard.c;
// - slots and scope tables, read by the protocol: si_slots.h;
// - the test hooks: si_test_hooks.h, TestHooks.c;
// - two copies of the library in one process: LibraryCopies.c (nothing Swift calls).
//
// Every C file includes the private NoDebugInfo.h first: the objects carry no debug information
// (valgrind cannot read the DWARF 5 Clang writes).
//
// External contracts, each in one marked place: the Swift runtime's retain (SwiftRuntime.h,
// private, used by Hazard.c only). The shims read nothing of a test framework; what the package
// relies on of Swift Testing is marked where it is read: its exit-test variables
// (_SharedInstancesTestingShims, ExitTestChild.c) and SwiftPM's `--testing-library` argument
// (_SharedInstancesTestReporting, TestFailure.swift).

#ifndef SHARED_INSTANCES_SHIMS_H
#define SHARED_INSTANCES_SHIMS_H

#include "si_atomics.h"
#include "si_platform.h"
#include "si_test_hooks.h"
#include "si_hazard.h"
#include "si_slots.h"

#endif
