import Foundation
import SharedInstances
import SharedInstancesLocator
import Testing

private typealias Fixtures = LocatorFixtures

@Suite struct ServiceLocatorErrorTests {
  private let downloader = ServiceName(Fixtures.Downloader.self)

  @Test func everyErrorCarriesTheServicesName() {
    #expect(ServiceLocator.Error.duplicateService(downloader).serviceName == downloader)
    #expect(ServiceLocator.Error.inexistentService("a").serviceName == "a")
    let mismatch = ServiceLocator.Error.typeMismatch(
      "a",
      expected: Int.self,
      found: String.self
    )
    #expect(mismatch.serviceName == "a")
    #expect(ServiceLocator.Error.circularDependency("a", cycle: ["a", "a"]).serviceName == "a")
  }

  @Test func errorsCompareTheirTypes() {
    let mismatch = ServiceLocator.Error.typeMismatch("a", expected: Int.self, found: String.self)
    #expect(mismatch == .typeMismatch("a", expected: Int.self, found: String.self))
    #expect(mismatch != .typeMismatch("a", expected: String.self, found: Int.self))
    #expect(mismatch != .inexistentService("a"))
    #expect(ServiceLocator.Error.duplicateService("a") != .inexistentService("a"))
  }

  @Test func descriptionsNameTheServiceAndSayWhatToDo() {
    let duplicate = "\(ServiceLocator.Error.duplicateService(downloader))"
    #expect(duplicate.contains("already registered as "))
    #expect(duplicate.contains("LocatorFixtures.Downloader"))
    #expect(duplicate.contains("unregister the old one first"))

    let missing = "\(ServiceLocator.Error.inexistentService("images"))"
    #expect(missing.hasPrefix("No service is registered under the name \"images\"."))

    let mismatch =
      "\(ServiceLocator.Error.typeMismatch("images", expected: Int.self, found: String.self))"
    #expect(
      mismatch
        == "The service registered under the name \"images\" is registered as Swift.String, "
        + "which is not a Swift.Int."
    )

    let cycle = "\(ServiceLocator.Error.circularDependency("a", cycle: ["a", "b", "a"]))"
    #expect(cycle.hasPrefix("Circular dependency: creating \"a\" needs \"a\" itself"))
    #expect(cycle.contains("(\"a\" → \"b\" → \"a\")"))
  }
}
