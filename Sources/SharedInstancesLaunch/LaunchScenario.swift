import Foundation
import SharedInstances

/// A named set of overrides a launched program applies when its test chooses it: the way a test
/// gives a launched process doubles of service protocols, which no data can describe.
///
/// Declare scenarios once, in the program's debug code next to its boxes, and hand them to
/// ``LaunchReceiver/declare(scenarios:overridable:)``. A test chooses one by name
/// (`LaunchHandoff.scenario(_:_:)`), with `Codable` parameters: one line per test, one
/// declaration in the program, however many variants the tests need.
///
/// ```swift
/// #if DEBUG
///   struct FailingFeed: Codable { var status: Int }
///
///   let launchScenarios = [
///     LaunchScenario("failingFeed") { (parameters: FailingFeed) in
///       FeedService.shared.override(with: FailingFeedService(status: parameters.status))
///     }
///   ]
/// #endif
/// ```
public struct LaunchScenario: Sendable {
  /// The name a test chooses the scenario by.
  public let name: String
  let apply: @Sendable (Data?) throws -> Void

  /// Declares a scenario that takes parameters.
  ///
  /// - Parameters:
  ///   - name: The name a test chooses it by.
  ///   - body: Overrides boxes with the program's own doubles, from the test's parameters.
  public init<Parameters: Decodable & Sendable>(
    _ name: String,
    _ body: @escaping @Sendable (Parameters) throws -> Void
  ) {
    self.name = name
    self.apply = { data in
      guard let data else {
        throw LaunchDeclarationError(
          "the scenario \"\(name)\" takes parameters (\(Parameters.self)) and the hand-off has none"
        )
      }
      try body(try JSONDecoder().decode(Parameters.self, from: data))
    }
  }

  /// Declares a scenario that takes no parameters.
  ///
  /// ```swift
  /// LaunchScenario("signedOut") { Session.currentUser.reset() }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name a test chooses it by.
  ///   - body: Overrides boxes with the program's own doubles.
  public init(_ name: String, _ body: @escaping @Sendable () throws -> Void) {
    self.name = name
    self.apply = { _ in try body() }
  }
}

/// A named box whose value a launched program lets its tests replace, from JSON.
///
/// ```swift
/// LaunchReceiver.declare(overridable: [LaunchOverridable(Settings.shared)])
/// // in the test:  try handoff.override(named: "Settings.shared", with: Settings(pageSize: 5))
/// ```
public struct LaunchOverridable: Sendable {
  /// The box's name, which the test uses.
  public let name: String
  let apply: @Sendable (Data) throws -> Void

  /// Declares `box` overridable by its name.
  ///
  /// - Parameters:
  ///   - box: A box of a `Decodable`, `Sendable` value: a `Resettable`, or a value that stands
  ///     for one (`ResettableConvertible`).
  ///   - name: The name the test uses; the box's own name (`Resettable(name:)`) by default.
  public init<Box: ResettableConvertible>(_ box: Box, name: String? = nil)
  where Box.Shared: Decodable & Sendable {
    let box = box.resettable
    guard let name = name ?? box.name else {
      preconditionFailure(
        """
        SharedInstances: LaunchOverridable needs a name: give the box one (Resettable(name:)) \
        or pass name:
        """
      )
    }
    self.name = name
    self.apply = { data in box.override(with: try JSONDecoder().decode(Box.Shared.self, from: data))
    }
  }
}

/// Why a declared scenario or override could not be applied.
struct LaunchDeclarationError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
