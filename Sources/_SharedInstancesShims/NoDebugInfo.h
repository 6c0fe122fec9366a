// No debug information comes from the shims' C files. Private to _SharedInstancesShims.
//
// Clang writes DWARF 5 by default and Swift writes DWARF 4; valgrind 3.19 (Debian 12's) cannot
// read a DWARF 5 unit that uses `DW_FORM_strx1`/`DW_FORM_addrx` and gives up on the whole program
// ("possibly corrupted debuginfo"), so memcheck, callgrind and massif would not run on any program
// that links the library. SwiftPM offers a package that others depend on no setting for the DWARF
// version, so each C file carries no DWARF at all:
//
// - every function is `nodebug`: each C file opens with
//   `#pragma clang attribute push (__attribute__((nodebug)), apply_to = hasType(functionType))`
//   before its first `#include` (header functions included) and pops it at its end;
// - every variable defined at file scope is `SI_NO_DEBUG_INFO`;
// - a string literal is a variable to the debugger: texts are named constants (`SI_TEXT`);
// - an explicit pointer cast keeps its type in the debug information: pointers convert through
//   `void *` implicitly, or through `memcpy` to and from an integer.
//
// Swift code keeps its line information, the C helpers it inlines from `include/` included.
// `scripts/check-debug-info.sh` fails CI when an object of these files has any debug information.

#ifndef SI_NO_DEBUG_INFO_H
#define SI_NO_DEBUG_INFO_H

#define SI_NO_DEBUG_INFO __attribute__((nodebug))
#define SI_TEXT(name, text) SI_NO_DEBUG_INFO static const char name[] = text

#endif
