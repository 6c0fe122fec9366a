import SharedInstances

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The launched program's side of a test's hand-off: what the program declares for it.
///
/// Everything that is data (stubs, dates, UUIDs, random numbers, user defaults, folders) is in
/// place before `main` runs, with no code in the program. Scenarios and named `Codable` boxes are
/// the program's own code, so the program declares them once, first thing in `main`, in its debug
/// code; the test then chooses among them by name.
///
/// ```swift
/// @main struct FeedTool {
///   static func main() async throws {
///     #if DEBUG
///       LaunchReceiver.declare(scenarios: launchScenarios, overridable: [.init(Settings.shared)])
///     #endif
///     try await run()
///   }
/// }
/// ```
public enum LaunchReceiver {
  /// Whether this process runs a test's hand-off: launched with one, accepted, in a build that
  /// accepts hand-offs.
  public static var isLaunchedByTest: Bool {
    #if DEBUG || LaunchHandoffInRelease
      Receiver.accepted != nil
    #else
      false
    #endif
  }

  /// Applies the hand-off's scenario and named overrides, from what the program declares; does
  /// nothing in a process launched without a hand-off, or in a release build.
  ///
  /// A scenario or a box name the hand-off asks for and the program does not declare, or whose
  /// parameters do not decode, fails the launching test and stops the process.
  ///
  /// ```swift
  /// LaunchReceiver.declare(
  ///   scenarios: [LaunchScenario("emptyFeed") { FeedService.shared.override(with: EmptyFeed()) }],
  ///   overridable: [LaunchOverridable(Settings.shared)]
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - scenarios: The scenarios tests may choose.
  ///   - overridable: The named boxes tests may override with JSON.
  public static func declare(
    scenarios: [LaunchScenario] = [],
    overridable: [LaunchOverridable] = []
  ) {
    #if DEBUG || LaunchHandoffInRelease
      Receiver.declare(scenarios: scenarios, overridable: overridable)
    #endif
  }
}
