import SharedInstances

/// One isolated scope from its start to its end: the scope, where its diagnostics go, and
/// whether it holds the process-wide gate.
struct IsolationSession: Sendable {
  let scope: _Scope
  let diagnostics: ScopeDiagnostics
  let holdsGate: Bool
  private let previousProcessWide: _Scope?

  /// Whether a scope with `options` opened here needs the process-wide gate: only the outermost
  /// process-wide scope takes it.
  static func needsGate(_ options: SharedIsolationOptions) -> Bool {
    options.contains(.processWide) && !(_Scope.current?.isProcessWide ?? false)
  }

  /// Opens a scope nested in the current one. The caller has taken the gate if `holdsGate`.
  init(
    name: String,
    options: SharedIsolationOptions,
    holdsGate: Bool,
    capturesEveryBox: Bool = false
  ) {
    TestFailure.installDiagnosticsHandler()
    let diagnostics = ScopeDiagnostics()
    let scope = _Scope(
      name: name,
      parent: _Scope.current,
      isStrict: DependencyTracking.isStrict(options),
      isProcessWide: options.contains(.processWide),
      capturesEveryBox: capturesEveryBox,
      tracking: DependencyTracking.scopeTracking(options),
      report: { DependencyTracking.route($0, to: diagnostics) }
    )
    self.scope = scope
    self.diagnostics = diagnostics
    self.holdsGate = holdsGate
    if scope.isProcessWide {
      previousProcessWide = _Scope.exchangeProcessWide(scope)
    } else {
      previousProcessWide = nil
    }
  }

  /// Ends the scope: releases its instances, reports its diagnostics, opens the gate.
  func end() {
    if scope.isProcessWide {
      _ = _Scope.exchangeProcessWide(previousProcessWide)
    }
    DependencyTracking.scopeWillEnd(scope)
    scope.end()
    diagnostics.flush()
    if holdsGate { ProcessWideGate.shared.release() }
  }
}
