#if DEBUG || LaunchHandoffInRelease
  import Foundation
  import SharedInstances
  import _SharedInstancesIsolation
  import _SharedInstancesLaunchShims

  /// A process launched with a test's hand-off, from its load to its exit.
  ///
  /// The load-time constructor (`LaunchReceiver.c`) calls ``start()`` before `main`: the
  /// hand-off is read and checked, every double built, and only then the process becomes one
  /// isolated test (a process-wide scope, strict if the test is, that every thread resolves in
  /// and that never ends) holding them. A hand-off that fails any step is refused: a message on
  /// standard error, and the process exits before `main`, so it never runs with part of its
  /// doubles, nor with the real system in their place.
  enum Receiver {
    struct Accepted: Sendable {
      let envelope: HandoffEnvelope
      let report: ReportWriter
      let scope: _Scope
    }

    /// The exit status of a process that refused its hand-off (`EX_CONFIG`).
    static let refusedStatus: Int32 = 78
    /// The name the process's scope carries in messages: the program's, since the launching
    /// test's is not known here.
    static var scopeName: String { "\(ProcessInfo.processInfo.processName) (launched by a test)" }

    private static let state = Protected<Accepted?>(nil)
    private static let declared = Protected(false)

    static var accepted: Accepted? { state.load() }

    static func start() {
      guard let pathPointer = si_launch_handoff_path() else { return }
      let path = String(cString: pathPointer)
      let token = si_launch_handoff_token().map { String(cString: $0) }
      let envelope: HandoffEnvelope
      switch HandoffFile.read(path: path, token: token) {
      case .success(let read): envelope = read
      case .failure(let refusal): refuse(refusal.description)
      }
      guard let report = ReportWriter(path: envelope.reportPath) else {
        refuse("its report file \(envelope.reportPath) cannot be opened for writing")
      }
      let doubles: LaunchDoubles
      do {
        doubles = try LaunchDoubles(envelope, report: report)
      } catch {
        refuse("\(error)")
      }
      // Nothing below can fail: the process takes the whole hand-off.
      LaunchNetwork.current.withLock {
        $0 = LaunchNetwork(stubs: envelope.handoff.stubs, report: report)
      }
      _ScopeObserver.instanceCreated.withLock { observer in
        observer = { _, identity, creation in
          guard !identity.isTestInfrastructure else { return }
          report.write(
            LaunchEvent(
              kind: .read,
              message: identity.description,
              detail: creation == .real ? "real" : "test default",
              type: identity.label,
              fileID: "\(identity.location.fileID)",
              line: Int(identity.location.line)
            )
          )
        }
      }
      _ProcessStop.observer.withLock { observer in
        observer = { message in
          let prefix = "SharedInstances: "
          let text = message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
          report.write(LaunchEvent(kind: .stop, message: text))
        }
      }
      let scope = _Scope(
        name: scopeName,
        parent: nil,
        isStrict: envelope.handoff.isStrict,
        isProcessWide: true,
        capturesEveryBox: true,
        tracking: _ScopeTracking(testDefaults: LaunchDoubles.lazyDefaults),
        report: { diagnostic in
          report.write(LaunchEvent(kind: .diagnostic, message: diagnostic.message))
          FileHandle.standardError.write(Data("SharedInstances: \(diagnostic.message)\n".utf8))
        }
      )
      _Scope.openProcessWide(scope)
      doubles.install()
      state.withLock { $0 = Accepted(envelope: envelope, report: report, scope: scope) }
      report.write(LaunchEvent(kind: .accepted))
    }

    /// Applies the hand-off's named overrides and scenario from what the program declares, all
    /// or none.
    static func declare(scenarios: [LaunchScenario], overridable: [LaunchOverridable]) {
      guard let accepted else { return }
      let first = declared.withLock { done in
        defer { done = true }
        return !done
      }
      guard first else { return }
      let handoff = accepted.envelope.handoff
      var problems: [String] = []
      var applied: [String] = []
      let boxes = Dictionary(overridable.map { ($0.name, $0) }) { first, _ in first }
      for (name, data) in handoff.overrides.sorted(by: { $0.key < $1.key }) {
        guard let box = boxes[name] else {
          problems.append(
            """
            the hand-off overrides the box "\(name)", which the program does not declare \
            overridable (declared: \(overridable.map(\.name).sorted()))
            """
          )
          continue
        }
        do {
          try box.apply(data)
          applied.append("box \(name)")
        } catch {
          problems.append("the override of the box \"\(name)\" does not decode: \(error)")
        }
      }
      if let name = handoff.scenarioName {
        if let scenario = scenarios.first(where: { $0.name == name }) {
          do {
            try scenario.apply(handoff.scenarioParameters)
            applied.append("scenario \(name)")
          } catch {
            problems.append("the scenario \"\(name)\" could not be applied: \(error)")
          }
        } else {
          problems.append(
            """
            the hand-off chooses the scenario "\(name)", which the program does not declare \
            (declared: \(scenarios.map(\.name).sorted()))
            """
          )
        }
      }
      guard problems.isEmpty else {
        for problem in problems {
          accepted.report.write(LaunchEvent(kind: .refused, message: problem))
        }
        refuse(problems.joined(separator: "; "))
      }
      accepted.report.write(LaunchEvent(kind: .declared, detail: applied.joined(separator: ", ")))
    }

    /// Stops the process with `reason` on standard error.
    static func refuse(_ reason: String) -> Never {
      let message = """
        SharedInstances: refused the test's launch hand-off: \(reason). The process stops \
        rather than run with part of its test doubles, or with the real system in their place.

        """
      FileHandle.standardError.write(Data(message.utf8))
      exit(refusedStatus)
    }
  }

  /// Called by the load-time constructor of `_SharedInstancesLaunchShims` in a process launched
  /// with a hand-off; not for use elsewhere.
  @_documentation(visibility: private)
  @_cdecl("si_launch_handoff_will_start")
  public func _sharedInstancesLaunchHandoffWillStart() {
    Receiver.start()
  }
#endif
