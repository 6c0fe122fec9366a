// The umbrella, `SharedInstancesTesting`: depends on every library and test-support module,
// re-exports them, defines nothing, and nothing depends on it but test targets. A test file
// imports this module alone: `override(with:)`, `value`, `reset()` and every other
// member of `SharedInstances`, the system boxes of `SharedInstancesSystem` (`SystemBoxes`,
// `AnyClock`, `DateGenerator`), `ServiceLocator` (`SharedInstancesLocator`), the launch hand-off
// (`PreparedLaunch`, `LaunchHandoff`: `SharedInstancesLaunchTesting`), and the trait, spies,
// system doubles and dependency map are visible through it, also with `MemberImportVisibility`
// on.
//
// `scripts/build-docs.sh` defines SHARED_INSTANCES_DOCUMENTATION: a re-exported module's
// symbols join this module's symbol graph, which is how the test-support modules are documented
// together in this module's catalog; the library's own modules are documented in theirs.
@_exported public import SharedInstancesDependencyMap
@_exported public import SharedInstancesSpies
@_exported public import SharedInstancesSystemDoubles
@_exported public import SharedInstancesTestIsolation

#if !SHARED_INSTANCES_DOCUMENTATION
  @_exported public import SharedInstances
  @_exported public import SharedInstancesLaunchTesting
  @_exported public import SharedInstancesLocator
  @_exported public import SharedInstancesSystem
#endif
