import _SharedInstancesShims

extension Resettable where Shared: Sendable {
  /// Creates a box for a `@MainActor` class, whose factory runs on the main actor.
  ///
  /// A `@MainActor` class is `Sendable`, so its box can be a `static let`; the factory is
  /// isolated to the main actor, so the first read must happen there. Later reads, from any
  /// thread, return the created instance.
  ///
  /// ```swift
  /// @MainActor final class Router {
  ///   static let shared = Resettable(mainActor: { Router() })
  /// }
  /// ```
  ///
  /// > Important: The first read (the one that runs the factory) must happen on the main
  /// > thread. A first read anywhere else stops the program with a message naming the box.
  ///
  /// - Parameters:
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - factory: Creates the instance on the main actor.
  public convenience init(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    mainActor factory: @escaping @MainActor @Sendable () -> Shared
  ) {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(
      factory: {
        guard si_is_main_thread() else {
          fatalError(
            """
            SharedInstances: Resettable<\(Shared.self)> (declared at \(fileID):\(line)) has a \
            @MainActor factory but was first read off the main thread. Read it first from the \
            main actor (for example in the app's start-up or a @MainActor test).
            """
          )
        }
        return MainActor.assumeIsolated { factory() }
      },
      location: location
    )
  }
}
