import SharedInstancesTesting
import Testing

/// Stubs that write back into `inout` arguments.
@Suite struct SpyWriteBackTests {
  @Test func aStubbedWriteBackChangesTheArgumentAfterTheCallIsRecorded() {
    let spy = CounterSpy()
    spy.stub(.increment, writingBack: "value") { (value: inout Int) in value += 10 }
    var count = 1
    spy.increment(&count)
    #expect(count == 11)
    #expect(spy.calls == [.increment(value: 1)])
  }

  @Test func withoutAWriteBackTheArgumentIsLeftAlone() {
    let spy = CounterSpy()
    var count = 1
    spy.increment(&count)
    #expect(count == 1)
  }

  @Test func aWriteBackForAnotherTypeIsNotRun() {
    let spy = CounterSpy()
    spy.stub(.increment, writingBack: "value") { (value: inout String) in value = "x" }
    var count = 1
    spy.increment(&count)
    #expect(count == 1)
  }

  @Test func resettingStubsRemovesTheWriteBack() {
    let spy = CounterSpy()
    spy.stub(.increment, writingBack: "value") { (value: inout Int) in value = 0 }
    spy.resetStubs(for: .increment)
    var count = 1
    spy.increment(&count)
    #expect(count == 1)
    spy.stub(.increment, writingBack: "value") { (value: inout Int) in value = 0 }
    spy.resetSpy()
    spy.increment(&count)
    #expect(count == 1)
  }

  @Test func stubbingAgainReplacesTheWriteBack() {
    let spy = CounterSpy()
    spy.stub(.increment, writingBack: "value") { (value: inout Int) in value = 5 }
    spy.stub(.increment, writingBack: "value") { (value: inout Int) in value = 6 }
    var count = 1
    spy.increment(&count)
    #expect(count == 6)
  }
}

// MARK: - Fixtures

private final class CounterSpy: Spy<CounterSpy.Call>, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case increment(value: Int)
    var method: Method { .increment }
    enum Method { case increment }
  }

  func increment(_ value: inout Int) {
    record(.increment(value: value))
    writeBack(&value, for: .increment, parameter: "value")
  }
}
