// `_SharedInstancesShims`: depends on the C library alone (and on the Swift runtime's retain, the
// one external contract, marked in si_hazard.h); the core imports it, and so do the isolation
// layer and the torture for what the core's `MemorySafety/` hands them, no other module.
//
// Private machinery of SharedInstances. Not API: names, types and behaviour may change in any
// release. Swift code outside the package must not import this module.
//
// Atomics use the GCC/Clang `__atomic` builtins on plain integers and pointers, so the same code
// runs on Linux and on every Apple platform the package supports (Synchronization's `Atomic`
// needs macOS 15 / iOS 18). ThreadSanitizer understands these builtins.

//
// The declarations are split by concern: word atomics (si_atomics.h), the platform and the
// process (si_platform.h), the test hooks (si_test_hooks.h), the hazard-pointer protocol
// (si_hazard.h) and slots and scope tables (si_slots.h). What the library relies on outside
// itself is marked where it is used: the Swift runtime's retain (Shims.c, "External contract").

#ifndef SHARED_INSTANCES_SHIMS_H
#define SHARED_INSTANCES_SHIMS_H

#include "si_atomics.h"
#include "si_platform.h"
#include "si_test_hooks.h"
#include "si_hazard.h"
#include "si_slots.h"

#endif
