// A test file imports this module alone: `override(with:)`, `value`, `reset()` and every other
// member of `SharedInstances` are visible through it, also with `MemberImportVisibility` on.
@_exported public import SharedInstances
