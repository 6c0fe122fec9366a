import Foundation
import SharedInstancesLaunch

/// What a launched process did with its hand-off, as it reported it: read while the process
/// runs (``PreparedLaunch/report()``) or after it exited.
public struct LaunchReport: Sendable, Hashable {
  /// Whether the process took the hand-off (a release build, or a program that does not link
  /// `SharedInstancesLaunch`, never does).
  public var accepted = false
  /// The requests the stubs answered, in order.
  public var requests: [LaunchedRequest] = []
  /// The requests no stub answered, with the stubs each was tried against.
  public var unansweredRequests: [LaunchedRequest] = []
  /// The boxes whose instances the process created, as `(box, how)`: "real" or "test default".
  public var boxesRead: [String] = []
  /// What the process's isolated scope reported: real reads in strict mode, misuses.
  public var diagnostics: [String] = []
  /// What the process could not apply of the hand-off (an undeclared scenario or box name).
  public var refusals: [String] = []
  /// The scenario and boxes the program applied from its declarations.
  public var declared: String?
  /// The library's message, if it stopped the process.
  public var stopMessage: String?
  /// How many processes took the hand-off.
  public var processes = 0
  /// The deadlines of the sleeps the processes began on the hand-off's test clock, in seconds
  /// since the clock's origin, in the order they began.
  public var clockSleeps: [Double] = []
  /// The boxes read, as the dependency record and map name them.
  var reads: [LaunchedRead] = []

  init(events: [LaunchEvent]) {
    var pids: Set<Int32> = []
    for event in events {
      switch event.kind {
      case .accepted:
        accepted = true
        pids.insert(event.pid)
      case .declared: declared = event.detail ?? ""
      case .request: requests.append(LaunchedRequest(event))
      case .unanswered: unansweredRequests.append(LaunchedRequest(event))
      case .read:
        boxesRead.append("\(event.message ?? "?") (\(event.detail ?? "?"))")
        reads.append(LaunchedRead(event))
      case .diagnostic: diagnostics.append(event.message ?? "")
      case .refused: refusals.append(event.message ?? "")
      case .stop: stopMessage = event.message
      case .sleep: clockSleeps.append(Double(event.detail ?? "").map { $0 / 1e9 } ?? 0)
      }
    }
    processes = pids.count
  }
}

/// A box whose instance a launched process created.
struct LaunchedRead: Sendable, Hashable {
  var type: String
  var fileID: String
  var line: Int
  var description: String
  var readReal: Bool

  init(_ event: LaunchEvent) {
    type = event.type ?? "?"
    fileID = event.fileID ?? "?"
    line = event.line ?? 0
    description = event.message ?? "?"
    readReal = event.detail == "real"
  }
}

/// A request a launched process made, as its network saw it.
public struct LaunchedRequest: Sendable, Hashable, CustomStringConvertible {
  public var method: String
  public var url: String
  public var headers: [String: String]
  public var body: Data?
  /// For a request no stub answered: the stubs it was tried against, newest first.
  public var stubsTried: [String]

  init(_ event: LaunchEvent) {
    method = event.method ?? "GET"
    url = event.url ?? ""
    headers = event.headers ?? [:]
    body = event.body
    stubsTried = event.stubsTried ?? []
  }

  public var description: String { "\(method) \(url)" }
}

/// A launched process that exited: its status, its output, and its report.
public struct LaunchResult: Sendable {
  /// The exit status (or the signal's number, for a process that a signal ended).
  public var status: Int32
  /// Whether the process ended by a signal.
  public var endedBySignal: Bool
  public var standardOutput: String
  public var standardError: String
  public var report: LaunchReport
}

/// Why a test could not drive the process it launched: advance its clock, or see in its report
/// what it waited for.
public struct LaunchControlError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
