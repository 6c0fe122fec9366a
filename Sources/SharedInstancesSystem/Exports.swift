// `SharedInstancesSystem`: depends on the core only (Foundation lives here, never in the core); the
// system doubles and `SharedInstancesTesting` depend on it.
//
// A file that reads a system box imports this module alone: `value`, `override(with:)` and every
// other member of `SharedInstances` are visible through it, also with `MemberImportVisibility`.
//
// `scripts/build-docs.sh` defines SHARED_INSTANCES_DOCUMENTATION: a re-exported module's
// symbols would join this module's symbol graph, and its documentation would repeat (and fail
// to link) the `SharedInstances` catalog.
#if !SHARED_INSTANCES_DOCUMENTATION
  @_exported public import SharedInstances
#endif
