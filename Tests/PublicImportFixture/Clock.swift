// GettingStarted.md, "Add the package": a module built with `InternalImportsByDefault` whose
// interface shows a box (a `public` box, an `@inlinable` read). It compiles because the import
// is `public`; with a plain `import`, the compiler rejects both declarations.
public import SharedInstances

open class Clock: @unchecked Sendable {
  // @unchecked: no mutable state; `open` so that a test can subclass it.
  public static let shared = Resettable { Clock() }

  public init() {}

  open func now() -> Int { 1_700_000_000 }
}

@inlinable public func currentTime() -> Int { Clock.shared.value.now() }
