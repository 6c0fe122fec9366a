import MVVMServiceLocatorExample
import SharedInstancesTesting
import Testing

/// The view model and the view, tested with a double of the service passed in: no locator.
@Suite struct ViewModelTests {
  @Test(arguments: [false, true]) func theViewShowsWhatTheServiceAnswers(answer: Bool) {
    let service = ServiceProtocolSpy()
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
