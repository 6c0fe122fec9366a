import SharedInstances
import SharedInstancesLocator
import SharedInstancesTesting
import Testing

/// An app holds its locator the way it holds any shared instance: the library defines no global
/// locator, and a `Resettable` makes this one the test's own under `.isolatedShared`.
private enum App {
  static let services = Resettable { ServiceLocator() }
}

/// A locator held in a `Resettable` needs no extra code to be isolated per test: each test reads
/// a locator of its own, and its registrations end with it.
@Suite struct ServiceLocatorIsolationTests {
  /// Tests running in parallel register the same key in "the" app locator. With one locator
  /// shared by all, every registration but the first would throw `duplicateService`, and a test
  /// could get another test's service.
  @Test(.isolatedShared, arguments: 0..<8)
  func eachTestRegistersInALocatorOfItsOwn(test: Int) async throws {
    let locator = App.services.value
    try locator.register(service: Marker(test))
    try await Task.sleep(nanoseconds: 10_000_000)  // overlap with the other tests
    #expect(try App.services.value.get(Marker.self).test == test)
  }

  @Test(.isolatedShared) func aTestCanReplaceTheLocatorWithOneOfDoubles() throws {
    let doubles = ServiceLocator()
    try doubles.register(service: Marker(-1))
    App.services.override(with: doubles)
    #expect(try App.services.value.get(Marker.self).test == -1)
  }

  @Test func theLocatorAndItsServicesAreReleasedWhenTheScopeEnds() throws {
    weak var weakLocator: ServiceLocator?
    weak var weakMarker: Marker?
    try withIsolatedShared {
      let locator = App.services.value
      let marker = Marker(0)
      weakLocator = locator
      weakMarker = marker
      try locator.register(service: marker)
      #expect(try locator.get(Marker.self) === marker)
    }
    #expect(weakLocator == nil)
    #expect(weakMarker == nil)
  }
}

// MARK: - Fixtures

private final class Marker: Sendable {
  let test: Int
  init(_ test: Int) { self.test = test }
}
