import Foundation

/// A row of the app's local store.
public struct Record: Equatable, Sendable {
  public var id: Int
  public var table: String
  public var fields: [String: String]

  public init(id: Int, table: String, fields: [String: String]) {
    self.id = id
    self.table = table
    self.fields = fields
  }
}

/// The app's local store: tables of records, in memory.
public final class Database: @unchecked Sendable {
  // @unchecked: `tables` and `nextID` are only touched while `lock` is held.
  private let lock = NSLock()
  private var tables: [String: [Int: Record]] = [:]
  private var nextID = 1
  let name: String

  /// The main store, opened with the schema's tables.
  static let main: Database = {
    let database = Database(name: "main")
    for table in ["articles", "orders", "settings"] {
      database.createTable(table)
    }
    return database
  }()

  init(name: String) {
    self.name = name
  }

  func createTable(_ table: String) {
    lock.withLock { tables[table, default: [:]] = tables[table] ?? [:] }
  }

  @discardableResult
  public func insert(into table: String, _ fields: [String: String]) -> Record {
    lock.withLock {
      let record = Record(id: nextID, table: table, fields: fields)
      nextID += 1
      tables[table, default: [:]][record.id] = record
      return record
    }
  }

  public func records(in table: String) -> [Record] {
    lock.withLock { (tables[table] ?? [:]).values.sorted { $0.id < $1.id } }
  }

  public func delete(_ id: Int, from table: String) {
    lock.withLock { tables[table]?[id] = nil }
  }

  public func count(in table: String) -> Int {
    lock.withLock { tables[table]?.count ?? 0 }
  }
}
