// A test file imports this module alone: `override(with:)`, `value`, `reset()` and every other
// member of `SharedInstances`, the system boxes of `SharedInstancesSystem` (`SystemBoxes`,
// `AnyClock`, `DateGenerator`), `ServiceLocator` (`SharedInstancesLocator`) and the launch
// hand-off (`PreparedLaunch`, `LaunchHandoff`: `SharedInstancesLaunchTesting`) are visible
// through it, also with `MemberImportVisibility` on.
//
// `scripts/build-docs.sh` defines SHARED_INSTANCES_DOCUMENTATION: a re-exported module's
// symbols would join this module's symbol graph, and its documentation would repeat (and fail
// to link) the `SharedInstances` catalog.
#if !SHARED_INSTANCES_DOCUMENTATION
  @_exported public import SharedInstances
  @_exported public import SharedInstancesLaunchTesting
  @_exported public import SharedInstancesLocator
  @_exported public import SharedInstancesSystem
#endif
