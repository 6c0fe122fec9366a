import Logging
import SharedInstancesTesting
import Testing

// The generated LogHandlerSpy in use: swift-log's real `Logger` calls it. `LogHandler` has
// defaulted requirements: `metadataProvider`, which the spy leaves to swift-log's default, and
// three `log` overloads whose defaults call one another, which the spy implements.
@Suite struct LoggerUsesLogHandlerSpyTests {
  @Test func aRealLoggerLogsThroughTheSpy() {
    let spy = LogHandlerSpy()
    spy.stub(.logLevel, returning: Logger.Level.info)
    let logger = Logger(label: "usage") { _ in spy }
    logger.debug("below the level")
    logger.info("hello", metadata: ["user": "7"])
    let events = spy.calls.compactMap { call -> LogEvent? in
      if case .logEvent(let event) = call { event.value } else { nil }
    }
    #expect(events.map(\.message.description) == ["hello"])
    #expect(events.first?.metadata?["user"] == "7")
    #expect(events.first?.level == .info)
  }

  @Test func aRequirementWithADefaultKeepsSwiftLogsImplementation() {
    let spy = LogHandlerSpy()
    // No stub: `metadataProvider` is swift-log's default, not a call the spy must be told about.
    #expect(spy.metadataProvider == nil)
    #expect(spy.calls.isEmpty)
  }
}
