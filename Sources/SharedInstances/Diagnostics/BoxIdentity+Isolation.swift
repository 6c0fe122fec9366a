// What only tests need of a box's identity: how reports and the dependency map name it, and
// what isolation tracks about it. Emitted into the isolation module that uses it, so that a
// production binary, which does not link that module, does not carry it.
extension _BoxIdentity {
  /// How the dependency map, dependency records and short messages name the box: its type
  /// (`Resettable<ArticleManager>`), or for a named box its name and type
  /// (`MetricsSystem.factory (Resettable<MetricsFactory>)`).
  @_alwaysEmitIntoClient package var label: String {
    guard let name else { return typeDescription }
    return "\(name) (\(typeDescription))"
  }

  /// How code names the box in a fix: its name (`MetricsSystem.factory`), else its type.
  @_alwaysEmitIntoClient package var codeName: String { name ?? typeDescription }

  /// The change a test makes to provide this box's value, as a fix names it:
  /// `bootstrap MetricsSystem.factory in the test, …`, `set it … set(_:)`,
  /// `override it … override(with:)` (the box's name before the call when it has one).
  ///
  /// A bootstrap-once box is usually bootstrapped through a facade of its own
  /// (`MetricsSystem.bootstrap(_:)`), whose name the box cannot know (and the box itself is often
  /// not public): the fix names the box and leaves the entry point to the facade.
  @_alwaysEmitIntoClient package var provideFix: String {
    let box = name.map { "\($0)." } ?? ""
    if style == .bootstrap {
      return """
        bootstrap \(codeName) in the test, the way the program bootstraps it (its system's \
        bootstrap function, which calls bootstrap(_:) on the box)
        """
    }
    if style == .empty { return "set it for this test with \(box)set(_:) (or override(with:))" }
    return "override it for this test with \(box)override(with:)"
  }

  // MARK: What isolation tracks (atomics, no lock)

  @_alwaysEmitIntoClient package var isUsedByLiveScopes: Bool {
    _AtomicWord(words + Self.scopeUsesWord).loadRelaxed() > 0
  }

  /// A live scope started (`1`) or stopped (`-1`) holding state for this box.
  @_alwaysEmitIntoClient package func addScopeUse(_ delta: Int) {
    _AtomicWord(words + Self.scopeUsesWord).fetchAdd(delta)
  }

  /// A live scope overrode this box (once per scope); returns the escaped reads so far, which
  /// the scope subtracts from the count when it reports.
  @_alwaysEmitIntoClient package func liveOverrideBegan() -> Int {
    _AtomicWord(words + Self.overridersWord).fetchAdd(2)
    return _AtomicWord(words + Self.escapedReadsWord).loadAcquire()
  }

  /// A scope that had overridden this box ended: the last one re-arms the escaped-read warning.
  @_alwaysEmitIntoClient package func liveOverrideEnded() {
    let word = words + Self.overridersWord
    var seen = _AtomicWord(word).loadRelaxed()
    while true {
      let next = seen - 2 < 2 ? 0 : seen - 2
      if _AtomicWord(word).compareExchange(seen, next) { return }
      seen = _AtomicWord(word).loadRelaxed()
    }
  }

  @_alwaysEmitIntoClient package var isOverriddenByLiveScopes: Bool {
    _AtomicWord(words + Self.overridersWord).loadRelaxed() >= 2
  }

  /// Counts a read that escaped the live scopes' overrides; returns true if it is the first
  /// since the box was last overridden in no live scope (the one to warn about).
  @_alwaysEmitIntoClient package func noteEscapedRead() -> Bool {
    _AtomicWord(words + Self.escapedReadsWord).fetchAdd(1)
    let word = words + Self.overridersWord
    var seen = _AtomicWord(word).loadRelaxed()
    while seen >= 2 && seen & 1 == 0 {
      if _AtomicWord(word).compareExchange(seen, seen | 1) { return true }
      seen = _AtomicWord(word).loadRelaxed()
    }
    return false
  }

  /// Reads that escaped a live scope's override of this box, ever.
  @_alwaysEmitIntoClient package var escapedReads: Int {
    _AtomicWord(words + Self.escapedReadsWord).loadAcquire()
  }

  /// True for the first isolation scope that touches the box only.
  @_alwaysEmitIntoClient package func claimFirstTouch() -> Bool {
    _AtomicWord(words + Self.touchedWord).loadRelaxed() == 0
      && _AtomicWord(words + Self.touchedWord).compareExchange(0, 1)
  }
}
