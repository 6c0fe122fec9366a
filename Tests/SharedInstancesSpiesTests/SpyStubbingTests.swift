import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import Testing

/// What a stubbed spy answers, and in which order of precedence.
@Suite struct SpyStubbingTests {
  @Test func aValueAnswersEveryCall() throws {
    let spy = FileStoreSpy()
    spy.stub(.open, returning: "contents")
    #expect(try spy.open(id: 1) == "contents")
    #expect(try spy.open(id: 2) == "contents")
  }

  @Test func aSequenceAnswersInOrderAndItsLastValueRepeats() {
    let spy = FileStoreSpy()
    spy.stub(.size, returning: 1, 2, 3)
    let sizes = (1...5).map { spy.size(of: $0) }
    #expect(sizes == [1, 2, 3, 3, 3])
  }

  @Test func stubbingValuesAgainStartsTheNewSequence() {
    let spy = FileStoreSpy()
    spy.stub(.size, returning: 1, 2)
    #expect(spy.size(of: 0) == 1)
    spy.stub(.size, returning: 7, 8)
    #expect(spy.size(of: 0) == 7)
    #expect(spy.size(of: 0) == 8)
  }

  @Test func anErrorIsThrownByAThrowingMethod() {
    let spy = FileStoreSpy()
    spy.stub(.open, throwing: FileStoreError.notFound(3))
    #expect(throws: FileStoreError.notFound(3)) { try spy.open(id: 3) }
    #expect(spy.calls == [.open(id: 3)])
  }

  @Test func anErrorIsThrownByAThrowingMethodWithoutResult() throws {
    let spy = FileStoreSpy()
    try spy.delete(id: 1)  // unstubbed: returns normally
    spy.stub(.delete, throwing: FileStoreError.readOnly)
    #expect(throws: FileStoreError.readOnly) { try spy.delete(id: 2) }
    #expect(spy.calls == [.delete(id: 1), .delete(id: 2)])
  }

  @Test func aClosureComputesTheAnswerFromTheArguments() throws {
    let spy = FileStoreSpy()
    spy.stub(.open) { call in
      guard case .open(let id) = call else { return "" }
      return "file \(id)"
    }
    #expect(try spy.open(id: 3) == "file 3")
    #expect(try spy.open(id: 4) == "file 4")
  }

  @Test func whatAClosureThrowsIsThrown() throws {
    let spy = FileStoreSpy()
    spy.stub(.open) { call -> String in
      guard case .open(let id) = call, id >= 0 else { throw FileStoreError.notFound(-1) }
      return "file \(id)"
    }
    #expect(try spy.open(id: 1) == "file 1")
    #expect(throws: FileStoreError.notFound(-1)) { try spy.open(id: -1) }
  }

  @Test func aClosureRunsForAMethodWithoutResult() {
    let spy = FileStoreSpy()
    let refreshes = Protected(0)
    spy.stub(.refresh) { _ in refreshes.withLock { $0 += 1 } }
    spy.refresh()
    spy.refresh()
    #expect(refreshes.withLock { $0 } == 2)
  }

  @Test func aClosureMayReadTheSpy() {
    let spy = FileStoreSpy()
    spy.stub(.size) { _ in spy.callCount(to: .size) * 10 }
    #expect(spy.size(of: 0) == 10)
    #expect(spy.size(of: 0) == 20)
  }

  @Test func anErrorWinsOverAClosureAndAValueWhateverTheOrder() {
    let spy = FileStoreSpy()
    spy.stub(.open, returning: "value")
    spy.stub(.open) { _ in "closure" }
    spy.stub(.open, throwing: FileStoreError.readOnly)
    #expect(throws: FileStoreError.readOnly) { try spy.open(id: 1) }

    spy.resetStubs(for: .open)
    spy.stub(.open, throwing: FileStoreError.readOnly)
    spy.stub(.open) { _ in "closure" }
    spy.stub(.open, returning: "value")
    #expect(throws: FileStoreError.readOnly) { try spy.open(id: 2) }
  }

  @Test func aClosureWinsOverAValueWhateverTheOrder() throws {
    let spy = FileStoreSpy()
    spy.stub(.open, returning: "value")
    spy.stub(.open) { _ in "closure" }
    #expect(try spy.open(id: 1) == "closure")

    spy.resetStubs(for: .open)
    spy.stub(.open) { _ in "closure" }
    spy.stub(.open, returning: "value")
    #expect(try spy.open(id: 2) == "closure")

    spy.resetStubs(for: .open)
    spy.stub(.open, returning: "value")
    #expect(try spy.open(id: 3) == "value")
  }

  @Test func stubsBelongToOneMethod() throws {
    let spy = FileStoreSpy()
    spy.stub(.size, returning: 10)
    spy.stub(.owner, returning: "ada")
    spy.stub(.delete, throwing: FileStoreError.readOnly)
    #expect(spy.size(of: 1) == 10)
    #expect(spy.owner(of: 1) == "ada")
    spy.refresh()  // not affected by the other methods' stubs
    #expect(throws: FileStoreError.readOnly) { try spy.delete(id: 1) }
  }

  @Test func anUnstubbedMethodWithADefaultReturnsItWithoutFailing() {
    let spy = FileStoreSpy()
    #expect(spy.owner(of: 1) == nil)
    spy.stub(.owner, returning: "ada")  // a plain String for a String? result
    #expect(spy.owner(of: 1) == "ada")
    spy.stub(.owner, returning: String?.none)
    #expect(spy.owner(of: 1) == nil)
  }

  @Test func anUnstubbedMethodWithoutResultDoesNotFail() throws {
    let spy = FileStoreSpy()
    spy.refresh()
    try spy.delete(id: 1)
    #expect(spy.calls == [.refresh, .delete(id: 1)])
  }
}
