import Foundation
import SharedInstancesTesting
import SpyCorpus
import Testing

/// The spies of shapes the generator used to refuse: each is stubbed, called and asserted.
@Suite struct RequirementShapesSpyTests {
  // MARK: - Associated types

  @Test func aGenericSpyStandsInForAProtocolWithAPrimaryAssociatedType() async throws {
    let article = Article(id: 1, title: "One")
    let spy = StoreSpy<Article, String>()
    spy.stub(.load, returning: [article])
    spy.stub(.first, returning: article)
    spy.stub(.item, where: { $0 == .item(id: SpyArgument(1)) }, returning: article)
    spy.stub(.item, returning: Article?.none)
    let store: any Store<Article> = spy
    #expect(try await store.load() == [article])
    #expect(store.first() == article)
    #expect(store.item(id: 1) == article)
    #expect(store.item(id: 2) == nil)
    store.save(article)
    spy.tag(article, with: "news")
    #expect(
      spy.calls == [
        .load, .first, .item(id: SpyArgument(1)), .item(id: SpyArgument(2)),
        .save(item: SpyArgument(article)),
        .tag(item: SpyArgument(article), with: SpyArgument("news")),
      ]
    )
    #expect(spy.lastCall(to: .save) != .save(item: SpyArgument(Article(id: 2, title: "Two"))))
  }

  @Test func aGenericSpyMeetsTheWhereClausesOfItsAssociatedTypes() {
    let spy = IndexingSpy<[Int], String>()
    spy.stub(.index, returning: [3, 1])
    spy.stub(.keys, returning: ["a", "b"])
    #expect(sortedKeys(of: spy) == ["a", "b"])
    #expect(spy.calls == [.index, .keys(in: SpyArgument([3, 1]))])
  }

  @Test func aRefinementThatFixesTheAssociatedTypeRecordsItsValuesAsThemselves() {
    let article = Article(id: 7, title: "Seven")
    let spy = ArticleStoreSpy<String>()
    spy.stub(.featured, returning: article)
    #expect(spy.featured() == article)
    spy.save(article)
    #expect(spy.calls == [.featured, .save(item: article)])
  }

  // MARK: - Self

  @Test func selfIsTheSpyItself() {
    let spy = CopyingSpy()
    let other = CopyingSpy()
    spy.stub(.merge, returning: other)
    spy.stub(.copy, returning: other)
    spy.stub(.siblings, returning: [other, spy])
    spy.stub(.parent, returning: CopyingSpy?.none)
    #expect(spy.merge(with: other) === other)
    #expect(duplicate(spy) === other)
    #expect(spy.siblings().map(ObjectIdentifier.init) == [other, spy].map(ObjectIdentifier.init))
    #expect(spy.parent() == nil)
    spy.update { _ in }
    #expect(spy.calls == [.merge(with: SpyArgument(other)), .copy, .siblings, .parent, .update])
    // The spy is compared by identity: another spy is another argument.
    #expect(spy.lastCall(to: .merge) != .merge(with: SpyArgument(spy)))
  }

  @Test func staticSelfRequirementsAndOperatorsAreRecordedInStatics() {
    let made = CopyingSpy()
    CopyingSpy.statics.resetSpy()
    CopyingSpy.statics.stub(.make, returning: made)
    CopyingSpy.statics.stub(.equal) { call in
      guard case .equal(let lhs, let rhs) = call else { return false }
      return lhs.value === rhs.value
    }
    #expect(CopyingSpy.make() === made)
    #expect(made == made)
    #expect(!(made == CopyingSpy()))
    #expect(CopyingSpy.statics.callCount(to: .equal) == 2)
    #expect(CopyingSpy.statics.calls.first == .make)
  }

  // MARK: - rethrows

  @Test func aRethrowsMethodCallsItsBodyUnlessAnAnswerIsStubbed() async throws {
    let spy = TransactingSpy()
    var runs = 0
    spy.transaction { runs += 1 }
    #expect(runs == 1)
    #expect(throws: LedgerError.locked) { try spy.transaction { throw LedgerError.locked } }
    #expect(spy.perform { 3 } == 3)  // nothing stubbed: the body's result
    spy.stub(.perform, returning: 4)
    #expect(spy.perform { 3 } == 4)
    #expect(await spy.run { 5 } == 5)
    spy.stub(.map, returning: ["a"])
    #expect(spy.map { String($0) } == ["a"])
    #expect(spy.calls == [.transaction, .transaction, .perform, .perform, .run, .map])
  }

  // MARK: - @autoclosure

  @Test func autoclosureArgumentsAreEvaluatedAndTheirValuesRecorded() async throws {
    let spy = AssertingSpy()
    let performed = Performed()
    spy.stub(.check, returning: true)
    spy.log(1, "loaded \(2) items")
    spy.schedule(performed.add())
    #expect(try spy.check(40 + 2))
    spy.assume(1 < 2)
    #expect(throws: LedgerError.locked) { try spy.assume(try failing()) }
    await spy.wait(for: 7)
    #expect(performed.count == 1)  // the spy ran the action it was given
    #expect(
      spy.calls == [
        .log(level: 1, message: "loaded 2 items"), .schedule, .check(value: 42),
        .assume(condition: true), .wait(for: 7),
      ]
    )
  }

  // MARK: - Failable initializers

  @Test func aFailableInitializerSucceedsAndRecords() async throws {
    let spy = RestoringSpy(rawValue: "saved")
    #expect(spy.calls == [.initRawValue(rawValue: "saved")])
    let fromSnapshot = RestoringSpy(snapshot: ["a": 1])
    #expect(fromSnapshot.calls == [.initSnapshot(snapshot: ["a": 1])])
    let fromPath = try await RestoringSpy(path: "/tmp/saved")
    #expect(fromPath.calls == [.initPath(path: "/tmp/saved")])
    let restored = try #require(restore(RestoringSpy.self, from: "draft"))
    #expect(restored.calls == [.initRawValue(rawValue: "draft")])
  }

  // MARK: - Subscripts

  @Test func effectfulSubscriptsAnswerLikeEffectfulGetters() async throws {
    let article = Article(id: 1, title: "One")
    let spy = CatalogSpy()
    spy.stub(.subscriptRemote, returning: "far")
    spy.stub(.subscriptChecked, throwing: LedgerError.locked)
    spy.stub(.subscriptTyped, throwing: LedgerError.locked)
    spy.stub(.subscriptBoth, returning: article)
    spy.stub(.subscriptKey, returning: 9)
    #expect(await spy[remote: 1] == "far")
    #expect(throws: LedgerError.locked) { try spy[checked: "a"] }
    #expect(throws: LedgerError.locked) { try spy[typed: "b"] }
    #expect(try await spy[both: "c"] == article)
    #expect(spy[key: "k"] == 9)
    #expect(
      spy.calls == [
        .subscriptRemote(remote: 1), .subscriptChecked(checked: "a"), .subscriptTyped(typed: "b"),
        .subscriptBoth(both: "c"), .subscriptKey(key: SpyArgument("k")),
      ]
    )
  }

  // MARK: - Restated requirements

  @Test func aRequirementARefinementRestatesIsImplementedOnce() {
    let spy = AutoRefreshingSpy()
    spy.stub(.lastRefresh, returning: Date(timeIntervalSince1970: 1))
    let refreshing: any Refreshing = spy
    refreshing.refresh(force: true)
    spy.schedule(every: 60)
    #expect(refreshing.lastRefresh == Date(timeIntervalSince1970: 1))
    #expect(spy.calls == [.refresh(force: true), .schedule(every: 60), .lastRefresh])
  }

  // MARK: - Actors

  @Test func anActorSpyIsStubbedAndReadWithoutAwait() async throws {
    let cache = TokenCacheSpy()
    cache.spy.stub(.token, returning: "old")
    cache.spy.stub(.refresh, returning: "fresh")
    cache.spy.stub(.label, returning: "tokens")
    cache.spy.stub(.key, returning: "user-1")
    #expect(await cache.token == "old")
    await cache.save(token: "new")
    #expect(try await cache.refresh() == "fresh")
    #expect(cache.label == "tokens")  // nonisolated: no await
    #expect(cache.key(for: 1) == "user-1")
    let performed = Performed()
    await cache.observe { _ in performed.add() }
    cache.observeHandler?("ping")
    #expect(performed.count == 1)
    #expect(
      cache.spy.calls == [.token, .save(token: "new"), .refresh, .label, .key(for: 1), .observe]
    )
  }

  @Test func aGenericActorSpyStandsInForARefinement() async {
    let cache = KeyedCacheSpy<Int>()
    cache.spy.stub(.value, returning: 3)
    await cache.store(3, for: "a")
    #expect(await cachedValue(in: cache, for: "a") == 3)
    #expect(cache.spy.calls == [.store(value: SpyArgument(3), for: "a"), .value(for: "a")])
  }

  // MARK: - Standard library parents

  @Test func aHashableSpyIsEqualToItselfAloneAndItsIDIsStubbed() {
    let row = ListRowSpy()
    let other = ListRowSpy()
    let id = UUID()
    row.stub(.id, returning: id)
    #expect(row == row)
    #expect(row != other)
    #expect(Set([row, row, other]).count == 2)
    #expect(row.id == id)
    #expect(row.calls == [.id])
  }
}

// MARK: - Fixtures

/// Code under test, generic over the protocol.
private func sortedKeys<Spied: Indexing>(of indexing: Spied) -> [Spied.Key] {
  indexing.keys(in: indexing.index()).sorted()
}

/// Code under test, generic over the protocol.
private func duplicate<Value: Copying>(_ value: Value) -> Value {
  value.copy()
}

/// Code under test that asks the protocol for an instance.
private func restore<Restored: Restoring>(_ type: Restored.Type, from text: String) -> Restored? {
  Restored(rawValue: text)
}

/// Code under test that reads a cache it is given as the protocol.
private func cachedValue(in cache: any KeyedCache<Int>, for key: String) async -> Int? {
  await cache.value(for: key)
}

/// An argument whose evaluation fails.
private func failing() throws -> Bool {
  throw LedgerError.locked
}

/// Counts what a spy ran, from any thread.
private final class Performed: @unchecked Sendable {
  // @unchecked: `performed` is only touched under `lock`.
  private let lock = NSLock()
  private var performed = 0

  var count: Int { lock.withLock { performed } }

  func add() { lock.withLock { performed += 1 } }
}
