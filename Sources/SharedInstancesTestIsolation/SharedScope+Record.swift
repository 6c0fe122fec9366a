import SharedInstances
import _SharedInstancesIsolation

/// One shared instance an isolated test touched, and how it read it.
///
/// ``SharedInstances/SharedScope/touchedInstances`` returns one per box, in the order the test
/// first touched them. A use whose ``readRealInstance`` is true is a hidden dependency: the
/// code under test read a shared instance that the test did not replace.
///
/// ```swift
/// let used = SharedScope.current.touchedInstances.map(\.sharedTypeName)
/// #expect(used == ["ArticleManager", "Analytics"])
/// ```
public struct SharedInstanceUse: Sendable, Hashable, CustomStringConvertible {
  /// The box, e.g. `Resettable<ArticleManager> (declared at App/ArticleManager.swift:3)`.
  ///
  /// ```swift
  /// #expect(use.boxDescription.hasPrefix("Resettable<ArticleManager>"))
  /// ```
  public let boxDescription: String
  /// The name the box was declared with (`Resettable(name: "MetricsSystem.factory") { … }`),
  /// or nil for a box without one.
  ///
  /// ```swift
  /// let factory = SharedScope.current.touchedInstances.first { $0.name == "MetricsSystem.factory" }
  /// #expect(factory?.readRealInstance == false)
  /// ```
  public let name: String?
  /// The box's `Shared` type, e.g. `ArticleManager`. For a box of an existential such as
  /// `any ArticleManaging`, the protocol's name, `ArticleManaging`.
  ///
  /// ```swift
  /// #expect(use.sharedTypeName == "ArticleManaging")
  /// ```
  public let sharedTypeName: String
  /// The file that declares the box, as `#fileID` spells it.
  ///
  /// ```swift
  /// #expect(use.fileID == "App/ArticleManager.swift")
  /// ```
  public let fileID: String
  /// The line that declares the box.
  ///
  /// ```swift
  /// print("\(use.fileID):\(use.line)")   // App/ArticleManager.swift:3
  /// ```
  public let line: Int
  /// How many reads of `value` (or `require()`) the scope served for this box.
  ///
  /// `currentValue`, overrides and resets do not count as reads. The count is exact when the
  /// test reads the box from one thread at a time; reads on several threads at the same moment
  /// may be counted short (counting them exactly would put a locked instruction on every
  /// isolated read). ``wasRead`` and ``readRealInstance`` are always exact.
  ///
  /// ```swift
  /// #expect(use.reads == 2)
  /// ```
  public let reads: Int
  /// How many of those reads returned an override.
  ///
  /// ```swift
  /// #expect(use.overriddenReads == use.reads)   // every read got the test's double
  /// ```
  public let overriddenReads: Int

  /// Whether the test read the box at all (it may only have overridden it).
  ///
  /// ```swift
  /// let unused = SharedScope.current.touchedInstances.filter { !$0.wasRead }
  /// #expect(unused.isEmpty, "overrides the code under test never read: \(unused)")
  /// ```
  public var wasRead: Bool { reads > 0 }
  /// Whether the test read the real instance (not an override) at least once: a hidden
  /// dependency of the code under test.
  ///
  /// ```swift
  /// let hidden = SharedScope.current.touchedInstances.filter(\.readRealInstance)
  /// #expect(hidden.isEmpty, "hidden dependencies: \(hidden)")
  /// ```
  public let readRealInstance: Bool
  /// How many reads from code outside every test's tasks (a `DispatchQueue` callback, a
  /// `Thread`, `Task.detached`) got the process-wide instance of this box while the test had
  /// provided it (an override, `set`, `bootstrap`, or the test default it was served): calls that
  /// went to the real instance instead of the test's double.
  ///
  /// Each box is also warned about once. Carry the scope into that code with `SharedScope`, or
  /// make the test ``SharedIsolationOptions/processWide``.
  ///
  /// ```swift
  /// let escaped = SharedScope.current.touchedInstances.filter { $0.escapedReads > 0 }
  /// #expect(escaped.isEmpty, "reads that missed the test's doubles: \(escaped)")
  /// ```
  public let escapedReads: Int

  /// The box and its counts, e.g.
  /// `Resettable<ArticleManager> (declared at App/ArticleManager.swift:3): 3 reads, 3 overridden`.
  ///
  /// ```swift
  /// print(SharedScope.current.touchedInstances)
  /// ```
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
    guard let scope = _Scope.captured(by: self) else { return [] }
    return scope.touches().map { touch in
      SharedInstanceUse(
        boxDescription: touch.identity.description,
        name: touch.identity.name,
        sharedTypeName: "\(touch.identity.sharedType)",
        fileID: "\(touch.identity.location.fileID)",
        line: Int(touch.identity.location.line),
        reads: touch.reads,
        overriddenReads: touch.overriddenReads,
        readRealInstance: touch.readRealInstance,
        escapedReads: touch.escapedReads
      )
    }
  }
}
