import _SharedInstancesShims

/// What the core needs of the platform and of the process (`si_platform.h`): the one way Swift
/// code outside this folder reaches them.
///
/// Emitted into its callers, as the atomic words are: it adds no function to the core and costs
/// what the C call costs. The calling thread's identity is `_currentThread()` (invariant 15).
@usableFromInline
package enum _Platform {
  /// A process-unique, never reused, non-zero number: identifies boxes and scopes.
  @_alwaysEmitIntoClient @inline(__always)
  package static func nextIdentifier() -> UInt64 { si_next_identifier() }

  /// Whether the calling thread is the process's main thread (where the main actor runs).
  @_alwaysEmitIntoClient @inline(__always)
  package static var isMainThread: Bool { si_is_main_thread() }

  /// Writes `text` (a C string) to standard error, unbuffered.
  @_alwaysEmitIntoClient @inline(__always)
  package static func writeToStandardError(_ text: UnsafePointer<CChar>) {
    si_write_standard_error(text)
  }

  /// The calling thread's innermost factory run (`_FactoryStack`'s node), a thread-local the
  /// stack owns a reference through; nil when no factory or update runs on this thread.
  @_alwaysEmitIntoClient
  package static var factoryStackTop: UnsafeMutableRawPointer? {
    @inline(__always) get { si_factory_stack_top() }
    @inline(__always) set { si_factory_stack_set_top(newValue) }
  }

  /// The calling thread's list of cells whose release waits for its outermost factory run to
  /// return (invariant 10), a thread-local the stack owns a reference through, or nil.
  @_alwaysEmitIntoClient
  package static var deferredReleases: UnsafeMutableRawPointer? {
    @inline(__always) get { si_factory_deferred_releases() }
    @inline(__always) set { si_factory_set_deferred_releases(newValue) }
  }
}
