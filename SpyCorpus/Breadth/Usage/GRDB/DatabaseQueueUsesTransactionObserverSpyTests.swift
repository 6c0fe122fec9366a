import GRDB
import SharedInstancesTesting
import Testing

// The generated TransactionObserverSpy in use: a real in-memory GRDB database tells it what
// changed and how each transaction ended. `databaseWillCommit()` and `databaseDidChange()` have
// defaults, which the spy leaves to GRDB: they are not calls the test must be told about.
@Suite struct DatabaseQueueUsesTransactionObserverSpyTests {
  @Test func aRealDatabaseTellsTheSpyWhatChangedAndThatItCommitted() throws {
    let (database, spy) = try observedDatabase()
    try database.write { db in
      try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: ["Ada"])
    }
    // An event is valid only during the call: its kind and row id are plain values.
    let changes = spy.calls(to: .databaseDidChange).compactMap {
      call -> (DatabaseEvent.Kind, Int64)? in
      if case .databaseDidChange(let event) = call {
        (event.value.kind, event.value.rowID)
      } else {
        nil
      }
    }
    #expect(changes.map(\.0) == [.insert])
    #expect(changes.map(\.1) == [1])
    #expect(spy.callCount(to: .databaseDidCommit) == 1)
    #expect(!spy.wasCalled(.databaseDidRollback))
  }

  @Test func aFailedTransactionRollsBackAndTheSpyIsTold() throws {
    let (database, spy) = try observedDatabase()
    struct Abort: Error {}
    #expect(throws: Abort.self) {
      try database.write { db in
        try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: ["Bob"])
        throw Abort()
      }
    }
    #expect(spy.callCount(to: .databaseDidRollback) == 1)
    #expect(!spy.wasCalled(.databaseDidCommit))
  }

  /// An in-memory database with a `player` table, observed by a spy that observes every event.
  private func observedDatabase() throws -> (DatabaseQueue, TransactionObserverSpy) {
    let database = try DatabaseQueue()
    try database.write { db in
      try db.create(table: "player") { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("name", .text)
      }
    }
    let spy = TransactionObserverSpy()
    spy.stub(.observes, returning: true)
    database.add(transactionObserver: spy, extent: .databaseLifetime)
    return (database, spy)
  }
}
