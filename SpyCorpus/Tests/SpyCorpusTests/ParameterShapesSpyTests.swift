import Foundation
import SharedInstancesTesting
import SpyCorpus
import Testing

/// The spies of shapes that used not to compile: each is stubbed, called and asserted.
@Suite struct ParameterShapesSpyTests {
  @Test func aMarkerProtocolGetsASpyWithNoCalls() {
    let spy = MarkingSpy()
    let marked: any Marking = spy
    #expect(marked is MarkingSpy)
    #expect(spy.calls.isEmpty)
  }

  @Test func keywordAndUnnamedParametersAreRecorded() {
    let spy = KeywordNamingSpy()
    spy.stub(.empty, returning: true)
    spy.stub(.default, returning: 7)
    spy.example(for: "a", in: 1, throws: false)
    #expect(spy.empty(2, "b"))
    #expect(spy.default(3) == 7)
    #expect(
      spy.calls == [.example(for: "a", in: 1, throws: false), .empty(2, "b"), .default(in: 3)]
    )
  }

  @Test func typedThrowsOnVoidMethodsAndInitializersThrowTheStubbedError() async throws {
    let ledger = try TypedLedgerSpy(name: "main")
    #expect(ledger.calls == [.`init`(name: "main")])
    try ledger.post(amount: 1)  // unstubbed: returns
    ledger.stub(.post, throwing: LedgerError.locked)
    #expect(throws: LedgerError.locked) { try ledger.post(amount: 2) }
    ledger.stub(.settle, throwing: LedgerError.locked)
    await #expect(throws: LedgerError.locked) { try await ledger.settle() }
    #expect(ledger.calls(to: .post) == [.post(amount: 1), .post(amount: 2)])
  }

  @Test func typedThrowingGettersThrowTheStubbedError() async throws {
    let ledger = TypedLedgerSpy()
    ledger.stub(.balance, throwing: LedgerError.locked)
    #expect(throws: LedgerError.locked) { try ledger.balance }
    ledger.resetStubs(for: .balance)
    ledger.stub(.balance, returning: 5)
    #expect(try ledger.balance == 5)
    ledger.stub(.pending, returning: [1, 2])
    #expect(try await ledger.pending == [1, 2])
    ledger.stub(.status, returning: "open")
    #expect(try ledger.status == "open")
    #expect(ledger.calls == [.balance, .balance, .pending, .status])
  }

  @Test func aVoidPropertyIsRecorded() {
    let spy = PingingSpy()
    spy.ping
    spy.pong()
    #expect(spy.calls == [.ping, .pong])
  }

  @Test func genericArgumentsAreComparedByValue() {
    let spy = GenericWorkingSpy()
    spy.stub(.store, returning: 2)
    #expect(spy.store("k", values: ["a", "b"]) == 2)
    #expect(spy.calls == [.store(key: SpyArgument("k"), values: SpyArgument(["a", "b"]))])
    #expect(spy.calls != [.store(key: SpyArgument("k"), values: SpyArgument(["a"]))])
    #expect(spy.calls != [.store(key: SpyArgument(1), values: SpyArgument(["a", "b"]))])
    let strings = spy.callCount {
      if case .store(let key, _) = $0 { key.value is String } else { false }
    }
    #expect(strings == 1)
  }

  @Test func aGenericMethodKeepsItsEscapingClosureForTheTypeAskedFor() {
    let spy = GenericWorkingSpy()
    let received = Received()
    spy.run(3) { value in received.append(value) }
    #expect(spy.calls == [.run(value: SpyArgument(3))])
    #expect(spy.runCompletion(as: String.self) == nil)
    spy.runCompletion(as: Int.self)?(4)
    #expect(received.values == [4])

    spy.stub(.transform, returning: 10)
    #expect(spy.transform(1) { $0 + 1 } == 10)
    #expect(spy.transformBody(as: Int.self)?(1) == 2)
  }

  @Test func aStubWritesBackIntoAGenericInoutArgumentOfItsType() {
    let spy = GenericWorkingSpy()
    spy.stubSwapValueValue { (value: inout Int) in value = 9 }
    var number = 1
    spy.swapValue(&number)
    var text = "a"
    spy.swapValue(&text)  // a body for another type: not run
    #expect(number == 9)
    #expect(text == "a")
    #expect(spy.calls == [.swapValue(value: SpyArgument(1)), .swapValue(value: SpyArgument("a"))])
  }

  @Test func opaqueExistentialAndMetatypeArgumentsAreRecorded() {
    let spy = ShapeDrawingSpy()
    spy.stub(.kind, returning: "Int")
    spy.draw(Square())
    spy.draw(Square?.none)
    spy.fill(Square())
    spy.trace(nil)
    spy.outline(Square())
    spy.register(Node.self)
    spy.register(nil)
    #expect(spy.kind(of: Int.self) == "Int")
    #expect(
      spy.calls == [
        .draw(shape: SpyArgument(Square())), .draw(shape: SpyArgument(Square?.none as Any)),
        .fill(shape: SpyArgument(Square())), .trace(shape: SpyArgument(nil)),
        .outline(shape: SpyArgument(Square())), .register(type: SpyArgument(Node.self)),
        .register(type: SpyArgument(nil)), .kind(of: SpyArgument(Int.self)),
      ]
    )
    #expect(spy.lastCall(to: .register) != .register(type: SpyArgument(Node.self)))
    #expect(spy.lastCall(to: .kind) != .kind(of: SpyArgument(String.self)))
  }

  @Test func aClosureNamedByATypealiasIsKeptNotRecorded() {
    let spy = AliasedLoadingSpy()
    let results = Received()
    spy.load(id: 1) { result in results.append((try? result.get()) ?? -1) }
    spy.each { _ in }
    spy.loadCompletion?(.success(5))
    #expect(results.values == [5])
    #expect(spy.calls == [.load(id: 1), .each])
  }

  @Test func anNSObjectProtocolGetsAnNSObjectSpy() {
    let spy = DelegatingSpy()
    let delegate: any Delegating = spy
    delegate.didFinish(3)
    #expect(spy.isEqual(spy))
    #expect(spy.spy.calls == [.didFinish(id: 3)])
  }

  @Test func argumentsThatAreNotSendableOrNotEquatableAreRecorded() {
    let spy = LoggingSpy()
    let object = Token()
    var hasher = Hasher()
    spy.log(3)
    spy.log(fields: ["a": 1])
    spy.attach(object)
    spy.encode("text")
    spy.format("%d", 1)
    spy.hash(into: &hasher)
    spy.finish(.failure(LedgerError.locked))
    spy.visit(Node(name: "a"))
    spy.draw(Square())
    #expect(spy.lastCall(to: .log) == .log(value: SpyArgument(3)))
    #expect(spy.lastCall(to: .log) != .log(value: SpyArgument("3")))
    #expect(spy.lastCall(to: .attach) == .attach(object: SpyArgument(object)))
    // A class that is not Equatable: the same object, not another one.
    #expect(spy.lastCall(to: .attach) != .attach(object: SpyArgument(Token())))
    #expect(spy.lastCall(to: .visit) == .visit(node: SpyArgument(Node(name: "a"))))
    #expect(spy.lastCall(to: .visit) != .visit(node: SpyArgument(Node(name: "b"))))
    #expect(spy.lastCall(to: .encode) == .encode(value: SpyArgument("text")))
    // Matched by predicate: the values themselves.
    let withField = spy.callCount {
      if case .logFields(let fields) = $0 { fields.value["a"] as? Int == 1 } else { false }
    }
    #expect(withField == 1)
    let failures = spy.callCount {
      if case .finish(let result) = $0, case .failure = result.value { true } else { false }
    }
    #expect(failures == 1)
    #expect(spy.callCount(to: .format) == 1)
    #expect(spy.callCount(to: .hash) == 1)
  }

  @Test func aStubWritesBackIntoInoutArguments() throws {
    let spy = CountingSpy()
    spy.stubIncrementValue { $0 += 1 }
    spy.stubNextState { $0.append("next") }
    spy.stub(.next, returning: true)
    var count = 1
    spy.increment(&count)
    var state = ["first"]
    #expect(spy.next(&state, limit: 2))
    #expect(count == 2)
    #expect(state == ["first", "next"])
    #expect(spy.calls == [.increment(value: 1), .next(state: ["first"], limit: 2)])

    spy.resetSpyStubs()
    spy.increment(&count)
    #expect(count == 2)  // the write-back is a stub: reset with the others
  }

  @Test func aCallThatThrowsWritesNothingBack() throws {
    let spy = CountingSpy()
    spy.stubFillBuffer { $0 = [9] }
    spy.stub(.fill, throwing: LedgerError.locked)
    var buffer: [UInt8] = [1]
    #expect(throws: LedgerError.locked) { try spy.fill(&buffer) }
    #expect(buffer == [1])
    spy.resetStubs(for: .fill)
    spy.stubFillBuffer { $0 = [9] }
    spy.stub(.fill, returning: 1)
    #expect(try spy.fill(&buffer) == 1)
    #expect(buffer == [9])
  }

  @Test func staticRequirementsWriteBackAndKeepGenericClosures() {
    defer { RegistrySpy.statics.resetSpy() }
    RegistrySpy.stubAdjustCount { $0 *= 2 }
    var count = 2
    RegistrySpy.adjust(&count)
    #expect(count == 4)
    let replies = Received()
    RegistrySpy.lookUp("k", as: Int.self) { replies.append($0 ?? -1) }
    RegistrySpy.lookUpReply(as: Int.self)?(5)
    #expect(replies.values == [5])
    #expect(
      RegistrySpy.statics.calls == [
        .adjust(count: 2), .lookUp(key: "k", as: SpyArgument(Int.self)),
      ]
    )
  }

  @Test func anInitializerWithAnUnnamedParameterIsRecordedWithoutALabel() {
    let registry = RegistrySpy(1, named: "a")
    #expect(registry.calls == [.`init`(1, named: "a")])
  }

  @Test func aSpyOverridingNameWritesBackAndKeepsGenericClosures() throws {
    let counter = NamedCounterSpy()
    counter.stubTallyTotal { $0 += 5 }
    var total = 1
    try counter.tally(&total, by: 5)
    #expect(total == 6)
    counter.stub(.tally, throwing: LedgerError.locked)
    #expect(throws: LedgerError.locked) { try counter.tally(&total, by: 5) }
    #expect(total == 6)
    counter.reduce([1, 2]) { _ in }
    #expect(counter.reduceResult(as: [Int].self) != nil)
    #expect(counter.reduceResult(as: [String].self) == nil)
    #expect(counter.lastCall(to: .reduce) == .reduce(values: SpyArgument([1, 2])))
  }

  @Test func settersOfValuesThatAreNotEquatableOrSendableAreRecorded() {
    let spy = ObservingSpy()
    spy.stub(.subscript) { _ in Any?.some(1) }  // not Sendable: answered by a closure
    spy.onChange = { _ in }
    spy.context = 3
    spy.shape = Square()
    #expect(spy["key"] as? Int == 1)
    spy.register(Square.self)
    spy.observe(\Square.sides)
    #expect(spy.calls(to: .setContext) == [.setContext(newValue: SpyArgument(3))])
    #expect(spy.calls(to: .setShape) == [.setShape(newValue: SpyArgument(Square()))])
    #expect(spy.lastCall(to: .subscript) == .subscript(key: SpyArgument("key")))
    #expect(spy.lastCall(to: .register) == .register(type: SpyArgument(Square.self)))
    #expect(spy.lastCall(to: .observe) == .observe(keyPath: SpyArgument(\Square.sides)))
    #expect(spy.callCount(to: .setOnChange) == 1)
  }

  @Test func ownershipAndIsolationModifiersAreRestatedAndTheValuesRecorded() async {
    let spy = HandingSpy()
    spy.stub(.hand, returning: true)
    spy.take("a", [1])
    let handed = spy.hand(Node(name: "n"))  // outside #expect: its argument is `sending`
    #expect(handed)
    await spy.run(on: nil)
    let ran = Received()
    spy.schedule { ran.append(1) }
    spy.scheduleDefault?()
    #expect(ran.values == [1])
    #expect(
      spy.calls == [
        .take(value: "a", other: [1]), .hand(value: SpyArgument(Node(name: "n"))),
        .run(on: SpyArgument(nil)), .schedule,
      ]
    )
  }

  @Test func implicitlyUnwrappedLabeledAndFoundationShapesWork() throws {
    let spy = MixingSpy()
    spy.stub(.subscript, returning: 4)
    spy.stub(.current, returning: 2)
    spy.stub(.last, returning: Int?.none)
    spy.stub(.pick, returning: true)
    #expect(spy.current() == 2)
    #expect(spy.last == nil)
    #expect(spy[key: "a", default: 1] == 4)
    spy.post(Notification(name: Notification.Name("n")))
    spy.merge((key: "k", value: 1))
    spy.stubFillMeta { $0["filled"] = true }
    var data = Data()
    var meta: [String: Any] = [:]
    try spy.fill(&data, &meta)
    #expect(meta["filled"] as? Bool == true)
    #expect(spy.pick(1, 1))
    #expect(
      spy.calls(to: .post) == [.post(notification: SpyArgument(Notification(name: .init("n"))))]
    )
    #expect(spy.lastCall(to: .pick) == .pick(a: SpyArgument(1), b: SpyArgument(1)))
  }
}

// MARK: - Fixtures

private struct Square: Shape, Equatable {
  var sides: Int { 4 }
}

private final class Token {}

/// Values a closure received, from any thread.
private final class Received: @unchecked Sendable {
  // @unchecked: `received` is only touched under `lock`.
  private let lock = NSLock()
  private var received: [Int] = []

  var values: [Int] { lock.withLock { received } }

  func append(_ value: Int) { lock.withLock { received.append(value) } }
}
