import Foundation
import PackagePlugin

// What both command plugins do alike: read their arguments, pick the targets to work on (from
// `--target`, else from the package's configuration file), run their tool, report to SwiftPM.
// A plugin cannot depend on a library target, so this one file is linked into each plugin's
// folder (Plugins/<Plugin>/CommandPluginSupport.swift is a symbolic link to it).

/// A failure the plugin reports to SwiftPM.
struct PluginError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A tool's configuration file at the package's root, `{ "targets": [ { "target": … } ] }`.
///
/// The plugin reads only the target names; the tool reads the rest of each entry and checks the
/// whole file.
struct ConfiguredTargets {
  /// Where the file is, whether or not it exists.
  let url: URL
  /// The targets it lists, or nil without the file.
  let names: [String]?

  /// Reads `fileName` at the root of `package`; `shape` is what the error says the file must
  /// hold when it does not.
  init(fileName: String, in package: Package, shape: String) throws {
    url = package.directoryURL.appending(path: fileName)
    guard FileManager.default.fileExists(atPath: url.path()) else {
      names = nil
      return
    }
    let data = try Data(contentsOf: url)
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let entries = object["targets"] as? [[String: Any]]
    else { throw PluginError("\(fileName) must hold \(shape)") }
    names = entries.compactMap { $0["target"] as? String }
  }

  /// Whether the file lists `target`.
  func lists(_ target: String) -> Bool { names?.contains(target) ?? false }

  /// The targets a run works on: those named with `--target`, else those the file lists; fails
  /// with `usage` when there are neither.
  func selected(given targetNames: [String], usage: String) throws -> [String] {
    if !targetNames.isEmpty { return targetNames }
    if let names, !names.isEmpty { return names }
    throw PluginError(
      "no --target, and no \(url.lastPathComponent) at the package's root to list the "
        + "targets\n\(usage)"
    )
  }
}

extension ArgumentExtractor {
  /// Takes the options and flags the plugin passes on to its tool unchanged, and returns them
  /// as the tool's arguments: each option's values in the order named, then each flag given.
  mutating func extractPassedOn(options: [String], flags: [String]) -> [String] {
    var arguments: [String] = []
    for option in options {
      arguments += extractOption(named: option).flatMap { ["--\(option)", $0] }
    }
    for flag in flags where extractFlag(named: flag) > 0 { arguments.append("--\(flag)") }
    return arguments
  }

  /// Fails, with `usage`, when an argument is left that no option took.
  func rejectRemaining(usage: String) throws {
    guard remainingArguments.isEmpty else {
      throw PluginError(
        "unknown arguments: \(remainingArguments.joined(separator: " "))\n\(usage)"
      )
    }
  }
}

extension Package {
  /// The Swift source target `name`; `hint` follows the error when the package has none.
  func sourceTarget(named name: String, hint: String = "") throws -> SourceModuleTarget {
    guard let found = targets.first(where: { $0.name == name }) else {
      throw PluginError("package \(displayName) has no target \(name)\(hint)")
    }
    guard let source = found as? SourceModuleTarget else {
      throw PluginError("\(name) is not a Swift source target")
    }
    return source
  }
}

/// Runs the plugin's tool with `arguments`, its output going where the plugin's goes, and
/// returns its exit status.
///
/// The tool runs in a process group of its own, which a terminal's interrupt does not reach: an
/// interrupt, termination or hang-up of the plugin is passed on to the tool, and once the tool
/// has stopped, the plugin ends by the same signal (no other target is started). SwiftPM ending
/// while the tool runs counts as a hang-up.
@discardableResult
func runTool(_ tool: URL, _ arguments: [String]) throws -> Int32 {
  let process = Process()
  process.executableURL = tool
  process.arguments = arguments
  let received = ReceivedSignal()
  let signals = [SIGINT, SIGTERM, SIGHUP]
  try process.run()
  // After the start, so that the tool does not inherit the signals ignored.
  for number in signals { _ = signal(number, SIG_IGN) }
  defer { for number in signals { _ = signal(number, SIG_DFL) } }
  let pid = process.processIdentifier
  let sources = signals.map { number in
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler {
      received.set(number)
      _ = kill(pid, number)
    }
    source.resume()
    return source
  }
  // SwiftPM ended without a signal to the plugin (a `kill` of `swift package`): the plugin
  // is handed to another parent, and stops its tool as on a hang-up.
  let parent = getppid()
  let watch = DispatchSource.makeTimerSource(queue: .global())
  watch.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200))
  watch.setEventHandler {
    guard getppid() != parent else { return }
    received.set(SIGHUP)
    _ = kill(pid, SIGHUP)
  }
  watch.resume()
  process.waitUntilExit()
  watch.cancel()
  for source in sources { source.cancel() }
  if let number = received.get() {
    _ = signal(number, SIG_DFL)
    _ = raise(number)
  }
  return process.terminationStatus
}

/// The signal the plugin received while its tool ran, if one.
// All state is guarded by `lock`.
private final class ReceivedSignal: @unchecked Sendable {
  private let lock = NSLock()
  private var number: Int32?

  func set(_ number: Int32) {
    lock.lock()
    defer { lock.unlock() }
    self.number = number
  }

  func get() -> Int32? {
    lock.lock()
    defer { lock.unlock() }
    return number
  }
}

/// Fails, saying how to allow it, when the sandbox SwiftPM runs plugins in keeps the plugin from
/// writing into the package. The plugins declare no permission, so that SwiftPM runs `--help`,
/// `--check` and a plan without asking for one; a run that writes finds out here, before any
/// work, and `rerun` (the command with `--allow-writing-to-package-directory`) says what to type.
func requireWriteAccess(to package: URL, rerun: String) throws {
  let probe = package.appending(path: ".plugin-write-check-\(getpid())")
  guard FileManager.default.createFile(atPath: probe.path(), contents: Data()) else {
    throw PluginError(
      "SwiftPM does not let the plugin write into the package: run \(rerun)"
    )
  }
  try? FileManager.default.removeItem(at: probe)
}
