// SharedInstancesLaunchTesting is the test's side of a launch hand-off: it writes what a launched
// program's SharedInstancesLaunch receives, and reads back what the program did;
// SharedInstancesTesting re-exports it.
@_exported import SharedInstancesLaunch
