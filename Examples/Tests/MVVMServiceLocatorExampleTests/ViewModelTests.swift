import MVVMServiceLocatorExample
import SharedInstancesTesting
import Testing

/// The view model and the view, tested with a double of the service passed in: no locator.
@Suite struct ViewModelTests {
  @Test(arguments: [false, true]) func theViewShowsWhatTheServiceAnswers(answer: Bool) {
    let service = ServiceSpy()
    service.stub(.toggle, returning: answer)

    let view = View(viewModel: ViewModel(model: Model(boolProperty: true), service: service))

    #expect(view.isHidden == answer)
    #expect(service.calls == [.toggle(bool: true)])
  }

  @Test func theRealServiceToggles() {
    let service = LocatableServiceImplementation()
    #expect(service.toggle(bool: true) == false)
    #expect(service.toggle(bool: false) == true)
  }
}

// MARK: - Fixtures

/// A double of `ServiceProtocol`, inheriting from `Spy`.
private final class ServiceSpy: Spy<ServiceSpy.Call>, ServiceProtocol, @unchecked Sendable {
  // @unchecked: no state of its own; everything is in the spy, behind its lock.
  enum Call: SpyCall {
    case toggle(bool: Bool)

    enum Method { case toggle }
    var method: Method { .toggle }
  }

  func toggle(bool: Bool) -> Bool { record(.toggle(bool: bool), placeholder: bool) }
}
