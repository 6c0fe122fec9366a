// SharedInstancesLaunchTesting is the test's side of a launch hand-off: it writes what a launched
// program's SharedInstancesLaunch receives, and reads back what the program did;
// SharedInstancesTesting re-exports it.
// `scripts/build-docs.sh` defines SHARED_INSTANCES_DOCUMENTATION, so that this module's archive
// documents its own symbols only.
#if !SHARED_INSTANCES_DOCUMENTATION
  @_exported import SharedInstancesLaunch
#endif
