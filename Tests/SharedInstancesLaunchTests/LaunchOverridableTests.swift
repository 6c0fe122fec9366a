import Foundation
import SharedInstances
import SharedInstancesTesting
import Testing

@testable import SharedInstancesLaunch

/// A launched program declares overridable any box: a `Resettable` or a value that stands for
/// one.
@Suite struct LaunchOverridableTests {
  @Test func aValueThatStandsForABoxIsOverridableByTheBoxsName() throws {
    let overridable = LaunchOverridable(OverridableBoxes.referred)
    #expect(overridable.name == "OverridableBoxes.settings")
    try withIsolatedShared {
      try overridable.apply(Data(#"{"pageSize": 5}"#.utf8))
      #expect(OverridableBoxes.referred.resettable.value.pageSize == 5)
    }
  }

  @Test func aResettableIsOverridableByTheNameGiven() throws {
    let overridable = LaunchOverridable(OverridableBoxes.settings, name: "settings")
    #expect(overridable.name == "settings")
    try withIsolatedShared {
      try overridable.apply(Data(#"{"pageSize": 7}"#.utf8))
      #expect(OverridableBoxes.settings.value.pageSize == 7)
    }
  }
}

// MARK: - Fixtures

private struct Settings: Decodable, Sendable {
  var pageSize = 20
}

private struct ReferredBox: ResettableConvertible {
  let resettable: Resettable<Settings>
}

private enum OverridableBoxes {
  static let settings = Resettable(name: "OverridableBoxes.settings") { Settings() }
  static let referred = ReferredBox(resettable: settings)
}
