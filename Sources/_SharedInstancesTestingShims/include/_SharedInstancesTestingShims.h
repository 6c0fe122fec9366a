// `_SharedInstancesTestingShims`: depends on nothing; `SharedInstancesTestIsolation` depends on it
// and defines the Swift function its load-time hook calls (an exit test's child opens its scope).

#ifndef SHARED_INSTANCES_TESTING_SHIMS_H
#define SHARED_INSTANCES_TESTING_SHIMS_H

/// Whether this process was started by Swift Testing to run the body of an exit test
/// (`#expect(processExitsWith:)`): decided once, when the process loads, from the variable
/// Swift Testing sets for the child before it starts it (and removes before the body runs).
int si_testing_is_exit_test_child(void);

#endif
