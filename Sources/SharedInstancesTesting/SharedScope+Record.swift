import SharedInstances

/// One shared instance an isolated test touched, and how it read it.
///
/// ```swift
/// let used = SharedScope.current.touchedInstances.map(\.sharedTypeName)
/// #expect(used == ["ArticleManager", "Analytics"])
/// ```
public struct SharedInstanceUse: Sendable, Hashable, CustomStringConvertible {
  /// The box, e.g. `Resettable<ArticleManager> (declared at App/ArticleManager.swift:3)`.
  public let boxDescription: String
  /// The box's `Shared` type, e.g. `ArticleManager`.
  public let sharedTypeName: String
  /// The file that declares the box.
  public let fileID: String
  /// The line that declares the box.
  public let line: Int
  /// How many reads of `value` (or `require()`) the scope served for this box.
  public let reads: Int
  /// How many of those reads returned an override.
  public let overriddenReads: Int

  /// Whether the test read the box at all (it may only have overridden it).
  public var wasRead: Bool { reads > 0 }
  /// Whether the test read the real instance (not an override) at least once: a hidden
  /// dependency of the code under test.
  public var readRealInstance: Bool { reads > overriddenReads }

  /// `Resettable<ArticleManager> (declared at …): 3 reads, 3 overridden`.
  public var description: String {
    "\(boxDescription): \(reads) reads, \(overriddenReads) overridden"
  }
}

extension SharedScope {
  /// Every shared instance this isolated scope has touched (read, overridden, reset or set),
  /// in the order of first touch. Empty outside isolation.
  ///
  /// Use it to find the hidden dependencies of the code under test:
  ///
  /// ```swift
  /// @Test(.isolatedShared) func profileDependencies() {
  ///   Session.currentUser.override(with: .fixture)
  ///   _ = ProfileModel().title
  ///   let hidden = SharedScope.current.touchedInstances.filter(\.readRealInstance)
  ///   #expect(hidden.isEmpty, "ProfileModel also reads \(hidden)")
  /// }
  /// ```
  public var touchedInstances: [SharedInstanceUse] {
    guard let scope = _scope else { return [] }
    return scope.touches().map { touch in
      SharedInstanceUse(
        boxDescription: touch.identity.description,
        sharedTypeName: "\(touch.identity.sharedType)",
        fileID: "\(touch.identity.location.fileID)",
        line: Int(touch.identity.location.line),
        reads: touch.reads,
        overriddenReads: touch.overriddenReads
      )
    }
  }
}
