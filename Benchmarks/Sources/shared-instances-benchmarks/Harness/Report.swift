import Foundation

/// One line of the table.
struct Row: Sendable {
  /// "1", "3a", …: the issue's row number and a letter per variant; rows print in this order.
  let id: String
  let benchmark: String
  let sample: Sample
  var notes: String = ""
}

/// The rows measured so far, and their table.
struct Report: Sendable {
  private(set) var rows: [Row] = []
  /// Figures the goals check beyond the table's medians, such as a wall-time ratio.
  var figures: [String: Double] = [:]

  mutating func add(_ row: Row) {
    rows.append(row)
    printToStandardError(
      "  \(row.id.padding(toLength: 4, withPad: " ", startingAt: 0)) \(row.benchmark): "
        + "\(Self.format(row.sample.median)) ns \(row.notes.isEmpty ? "" : "(\(row.notes))")"
    )
  }

  subscript(id: String) -> Row {
    guard let row = rows.first(where: { $0.id == id }) else {
      fatalError("no row \(id) was measured")
    }
    return row
  }

  /// The median of row `id`, in ns per operation.
  func median(_ id: String) -> Double { self[id].sample.median }

  /// The table, in row order, with every row's ratio to row 1.
  func markdownTable() -> String {
    let floor = median("1")
    var lines = [
      "| Row | Benchmark | ns/op (median) | × row 1 | min–max ns/op | Notes |",
      "|---|---|--:|--:|--:|---|",
    ]
    for row in rows.sorted(by: { Self.order($0.id) < Self.order($1.id) }) {
      let sample = row.sample
      lines.append(
        "| \(row.id) | \(row.benchmark) | \(Self.format(sample.median)) | "
          + "\(Self.ratio(sample.median / floor)) | "
          + "\(Self.format(sample.minimum))–\(Self.format(sample.maximum)) | \(row.notes) |"
      )
    }
    return lines.joined(separator: "\n")
  }

  private static func order(_ id: String) -> (Int, String) {
    let digits = id.prefix { $0.isNumber }
    return (Int(digits) ?? 0, String(id.dropFirst(digits.count)))
  }

  /// A duration in ns, with precision where it matters.
  static func format(_ nanoseconds: Double) -> String {
    switch nanoseconds {
    case ..<10: String(format: "%.2f", nanoseconds)
    case ..<100: String(format: "%.1f", nanoseconds)
    default: String(format: "%.0f", nanoseconds)
    }
  }

  /// A ratio such as `1.00×` or `312×`.
  static func ratio(_ value: Double) -> String {
    value < 100 ? String(format: "%.2f×", value) : String(format: "%.0f×", value)
  }
}
