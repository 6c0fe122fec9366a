import SharedInstances
import SharedInstancesLocator
import Testing

private typealias Fixtures = LocatorFixtures

@Suite struct ServiceNameTests {
  @Test func aTypeNameIsKeyedByTheTypesIdentity() {
    let billing = ServiceName(Fixtures.Billing.Client.self)
    let shipping = ServiceName(Fixtures.Shipping.Client.self)

    #expect(billing == ServiceName(Fixtures.Billing.Client.self))
    #expect(billing != shipping)
    #expect(Set([billing, shipping, ServiceName(Fixtures.Billing.Client.self)]).count == 2)
    #expect(billing.type == Fixtures.Billing.Client.self)
    #expect(billing.name == nil)
  }

  @Test func aStringNameIsKeyedByTheString() {
    let name: ServiceName = "images"
    #expect(name == ServiceName("images"))
    #expect(name != "avatars")
    #expect(name.name == "images")
    #expect(name.type == nil)
  }

  @Test func aNameNeverEqualsATypeThatPrintsTheSame() {
    #expect(ServiceName("Downloader") != ServiceName(Fixtures.Downloader.self))
  }

  @Test func descriptionsQualifyTypesAndQuoteNames() {
    #expect("\(ServiceName("images"))" == "\"images\"")
    let billing = "\(ServiceName(Fixtures.Billing.Client.self))"
    let shipping = "\(ServiceName(Fixtures.Shipping.Client.self))"
    #expect(billing.hasSuffix("Billing.Client"))
    #expect(shipping.hasSuffix("Shipping.Client"))
    #expect(billing != shipping)
  }
}
