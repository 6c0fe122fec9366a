import Foundation

/// Where the app runs: its backend and its settings.
public final class AppEnvironment: Sendable {
  public let name: String
  public let verbose: Bool

  public init(name: String, verbose: Bool = false) {
    self.name = name
    self.verbose = verbose
  }

  public var apiHost: String {
    name == "production" ? "api.example.com" : "\(name).api.example.com"
  }
}

#if DEBUG
  /// The debug environment: staging, verbose.
  public let environment: AppEnvironment = .init(name: "staging", verbose: true)
#else
  /// The release environment.
  public let environment = AppEnvironment(name: "production")
#endif
