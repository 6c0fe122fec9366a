// Where tests hold a thread inside the hazard protocol (si_test_hooks.h).

#pragma clang attribute push (__attribute__((nodebug)), apply_to = hasType(functionType))
#include "NoDebugInfo.h"

#include "_SharedInstancesShims.h"

SI_NO_DEBUG_INFO static si_test_hook si_test_installed_hook = 0;

void si_test_set_hook(si_test_hook hook) {
  __atomic_store_n(&si_test_installed_hook, hook, __ATOMIC_SEQ_CST);
}

si_test_hook si_test_current_hook(void) {
  return __atomic_load_n(&si_test_installed_hook, __ATOMIC_ACQUIRE);
}

#pragma clang attribute pop
