// No debug information comes from the shims' C files. Clang writes DWARF 5 by default and Swift
// writes DWARF 4; valgrind 3.19 (Debian 12's) cannot read a DWARF 5 unit that uses
// `DW_FORM_strx1`/`DW_FORM_addrx` and gives up on the whole program ("possibly corrupted
// debuginfo"), so memcheck, callgrind and massif would not run on any program that links the
// library. SwiftPM offers no safe setting for the DWARF version, so every function (the pragma)
// and every variable (`SI_NO_DEBUG_INFO`) is `nodebug`: the objects carry no DWARF at all.
// `scripts/check-debug-info.sh` fails CI when a definition misses it. Private to
// _SharedInstancesShims: each C file includes it first and ends with
// `#pragma clang attribute pop`.

#ifndef SI_NO_DEBUG_INFO_H
#define SI_NO_DEBUG_INFO_H

#pragma clang attribute push (__attribute__((nodebug)), apply_to = hasType(functionType))
#define SI_NO_DEBUG_INFO __attribute__((nodebug))
// A string literal is a variable to the debugger, and a pointer cast keeps its type: so texts
// are named `nodebug` constants, and pointers convert through `void *` without a cast.
#define SI_TEXT(name, text) SI_NO_DEBUG_INFO static const char name[] = text

#endif
