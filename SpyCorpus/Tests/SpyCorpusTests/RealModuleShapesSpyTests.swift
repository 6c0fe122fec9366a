import Foundation
import SharedInstancesTesting
import SpyCorpus
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The spies of RealModuleShapes.swift: shapes seen in real modules, compiled in another
/// module, with warnings as errors, and exercised.
@Suite struct RealModuleShapesSpyTests {
  @Test func nestedProtocolsOfOneNameHaveOneSpyEach() {
    let a = StatusEditorAClientSpy()
    a.send(StatusEditor.A.Value(text: "hi"))
    #expect(a.calls == [.send(value: StatusEditor.A.Value(text: "hi"))])
    let b = StatusEditorBClientSpy()
    b.stub(.send, returning: 2)
    #expect(b.send(count: 1) == 2)
  }

  @Test func aRequirementNameOfAnotherTypeAndAThrowingResetAreRecorded() throws {
    let spy = ResettingSpy()
    spy.stub(.name, returning: 7)
    #expect(spy.name == 7)
    try spy.reset()
    #expect(spy.calls == [.name, .reset])
    spy.resetSpy()
    #expect(spy.calls == [])
  }

  @Test func codableComparableAndCaseIterableParentsAreMet() throws {
    let data = try JSONEncoder().encode(PreferencesSpy())
    #expect(String(decoding: data, as: UTF8.self) == "null")
    let decoded = try JSONDecoder().decode(PreferencesSpy.self, from: data)
    #expect(decoded.calls == [])
    let first = InstantSpy()
    let second = InstantSpy()
    #expect(first == first && first != second)
    #expect((first < second) != (second < first))
    #expect(FlagSpy.allCases.isEmpty)
    #expect(FailureSpy().debugDescription.hasPrefix("FailureSpy recorded"))
  }

  @Test func aConsumingParameterIsLeftOutOfTheCall() {
    let desk = TicketDeskSpy()
    desk.take(Ticket(number: 3), count: 2)
    desk.stub(.close, returning: 1)
    #expect(desk.close() == 1)
    #expect(desk.calls == [.take(count: 2), .close])
  }

  @Test func aResultBuilderRequirementAnswersItsStub() {
    let report = ReportSpy()
    report.stub(.entries, returning: [("a", 1)])
    #expect(report.entries.map(\.0) == ["a"])
  }

  @Test func anInoutOpaqueParameterIsWrittenBack() {
    let spy = SinkMixingSpy()
    spy.stubMixSink { (sink: inout CountingSink) in sink.add(5) }
    var sink = CountingSink()
    spy.mix(into: &sink)
    #expect(sink.total == 5)
  }

  @Test func aURLRequestIsRecordedWithFoundationNetworking() async throws {
    let loader = HTTPLoadingSpy()
    let request = URLRequest(url: URL(string: "https://example.invalid")!)
    let response = URLResponse(
      url: request.url!,
      mimeType: nil,
      expectedContentLength: 0,
      textEncodingName: nil
    )
    loader.stub(.data, returning: (Data(), response))
    _ = try await loader.data(for: request)
    #expect(loader.calls == [.data(for: request)])
  }

  @Test func anUnstubbedCallReturningAProtocolWithASpyServesAFreshSpy() {
    let factory = PipelineFactorySpy()
    var pipeline: (any Pipeline)?
    withKnownIssue {
      pipeline = factory.makePipeline()
    } matching: { issue in
      "\(issue)".contains("PipelineFactorySpy.makePipeline")
    }
    #expect(pipeline is PipelineSpy)
  }
}

// MARK: - Fixtures

private struct CountingSink: HashSink {
  var total = 0
  mutating func add(_ value: Int) { total += value }
}

@Suite struct ContextKeySpyTests {
  @Test(.isolatedShared) func eachSpecializationHasItsOwnStatics() {
    ContextKeySpy<Int>.statics.stub(.defaultValue, returning: 3)
    ContextKeySpy<String>.statics.stub(.defaultValue, returning: "three")
    ContextKeySpy<Int>.statics.stub(.nameOverride, returning: String?.none)
    #expect(ContextKeySpy<Int>.defaultValue == 3)
    #expect(ContextKeySpy<String>.defaultValue == "three")
    #expect(ContextKeySpy<Int>.nameOverride == nil)
    #expect(ContextKeySpy<Int>.statics.calls == [.defaultValue, .nameOverride])
  }
}

@Suite struct DeprecatedAndLongNamesSpyTests {
  @Test func theRequirementsThatAreNotDeprecatedAreSpiedAsUsual() {
    let spy = MulticastingSpy()
    spy.join(device: 2)
    #expect(spy.calls == [.joinDevice(device: 2)])
  }

  @Test func aSpyWithLongNamesRecordsItsCalls() {
    let spy = InboundByteBufferingChannelHandlerWithAVeryLongNameForLayoutSpy()
    spy.stub(.logLevelMessageMetadataSourceFileFunctionLine, returning: 1)
    let answer = spy.logLevelMessageMetadataSourceFileFunctionLine(
      level: 0,
      message: "m",
      metadata: nil,
      source: "s",
      file: "f",
      function: "g",
      line: 1
    )
    #expect(answer == 1)
  }
}

@Suite struct RawRepresentableSpyTests {
  @Test func aSpyHoldsTheRawValueItWasCreatedWith() {
    #expect(MetadataAttributeSpy().rawValue == 0)
    #expect(MetadataAttributeSpy(rawValue: 3)?.rawValue == 3)
    let accepted = AcceptableSpy(rawValue: "json")
    #expect(accepted?.rawValue == "json")
    #expect(accepted != AcceptableSpy(rawValue: "json"))  // spies are equal by identity
    #expect(AcceptableSpy.allCases.isEmpty)
  }
}
