// `@_optimize(none)` makes these two functions real calls whose argument the optimizer cannot
// see through: the standard way to stop a benchmark loop from being folded or hoisted.

/// Returns `value` unchanged, through a call the optimizer cannot look into.
///
/// A benchmark's operation goes through it once, before the loop, so the loop calls the
/// operation every time instead of inlining it and hoisting an invariant read out of the loop.
@_optimize(none)
func opaque<T>(_ value: T) -> T { value }

/// Consumes `value` so that the work producing it is not dead code.
@_optimize(none)
func blackHole<T>(_ value: T) {}
