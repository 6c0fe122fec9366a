import SharedInstances

extension Spy {
  /// Creates a box that holds a spy of its own for each isolated test, and one spy for the rest
  /// of the process: where a double records its static requirements.
  ///
  /// A static requirement has no instance to hold its spy, so the double keeps one on the type.
  /// A `static let` would be one spy for every test in the process, and tests running in
  /// parallel would see each other's stubs and calls. Read through this box, the spy resolves
  /// like any shared instance: inside an isolated test (`@Test(.isolatedShared)`,
  /// ``IsolatedSharedTestCase``) the first read creates a fresh spy for that test, and everywhere
  /// else every read gets the same spy. Generated spies declare their `statics` this way:
  ///
  /// ```swift
  /// final class ThemingSpy: Spy<ThemingSpy.Call>, Theming, @unchecked Sendable {
  ///   enum Call: SpyCall { case apply(name: String) }
  ///
  ///   static var statics: Spy<Call> { staticSpies.value }
  ///   private static let staticSpies = Spy<Call>.perTest(name: "ThemingSpy.statics")
  ///
  ///   static func apply(name: String) { statics.record(.apply(name: name)) }
  /// }
  ///
  /// @Test(.isolatedShared) func appliesTheDarkTheme() {
  ///   Appearance.toggle()
  ///   #expect(ThemingSpy.statics.calls == [.apply(name: "dark")])
  /// }
  /// ```
  ///
  /// The box is the tests' own machinery, not a dependency of the code under test: dependency
  /// records, the dependency map and ``SharedInstances/SharedScope/touchedInstances`` leave it
  /// out, and a strict test (``SharedIsolationOptions/strict``, `SHARED_INSTANCES_STRICT=1`)
  /// reads it without failing. Like every shared instance, code that runs outside the test's
  /// tasks (a `DispatchQueue` block, `Task.detached`) reads the process-wide spy unless the test
  /// is ``SharedIsolationOptions/processWide``.
  ///
  /// - Parameters:
  ///   - name: The spies' name in failure messages, such as `ThemingSpy.statics`.
  ///   - fileID: Where the box is declared; unstubbed calls point there. Leave the default.
  ///   - filePath: Where the box is declared, for failures. Leave the default.
  ///   - line: Where the box is declared, for failures. Leave the default.
  ///   - column: Where the box is declared, for failures. Leave the default.
  /// - Returns: A box whose `value` is the spy that applies where it is read.
  public static func perTest(
    name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Resettable<Spy<Call>> {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return ._testInfrastructure(location: location) {
      Spy<Call>(name: name, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Returns the box of ``perTest(name:fileID:filePath:line:column:)`` for one specialization
  /// of a generic double: where the spy of a protocol with associated types records its static
  /// requirements.
  ///
  /// A generic class has no static stored properties, so it cannot keep a box of its own;
  /// this one is kept for it, one per type (`KeyedSpy<Int>` and `KeyedSpy<String>` each have
  /// theirs), created the first time the type asks:
  ///
  /// ```swift
  /// final class KeyedSpy<Key>: Spy<KeyedSpy<Key>.Call>, Keyed, @unchecked Sendable {
  ///   static var statics: Spy<Call> { Spy<Call>.perSpecialization(of: Self.self).value }
  ///   static func configure() { statics.record(.configure) }
  /// }
  ///
  /// #expect(KeyedSpy<Int>.statics.calls == [.configure])
  /// ```
  ///
  /// - Parameters:
  ///   - type: The specialization, `Self.self`.
  ///   - name: The spies' name in failure messages; by default the type's name and `.statics`,
  ///     such as `KeyedSpy<Int>.statics`.
  ///   - fileID: Where the box is declared; unstubbed calls point there. Leave the default.
  ///   - filePath: Where the box is declared, for failures. Leave the default.
  ///   - line: Where the box is declared, for failures. Leave the default.
  ///   - column: Where the box is declared, for failures. Leave the default.
  /// - Returns: The box whose `value` is the spy that applies where it is read.
  public static func perSpecialization(
    of type: Any.Type,
    name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Resettable<Spy<Call>> {
    let key = ObjectIdentifier(type)
    if let box = specializationBoxes.withLock({ $0[key] }) as? Resettable<Spy<Call>> {
      return box
    }
    // Created under the lock, once per type: creating a box runs no user code.
    return specializationBoxes.withLock { boxes in
      if let box = boxes[key] as? Resettable<Spy<Call>> { return box }
      let box = perTest(
        name: name ?? "\(type).statics",
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      )
      boxes[key] = box
      return box
    }
  }
}

/// The boxes of ``Spy/perSpecialization(of:name:fileID:filePath:line:column:)``, by type.
private let specializationBoxes = Protected<[ObjectIdentifier: any Sendable]>([:])
