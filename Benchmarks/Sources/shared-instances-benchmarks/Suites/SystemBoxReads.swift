import Foundation
import SharedInstances
import SharedInstancesSystem

/// Issue 22: a read of a system box against the system API it stands for, in one run.
///
/// Each row measures three operations side by side, interleaved within every repetition so that
/// drift in the machine's speed hits them alike: the system call (`Date()`), the box read
/// (`SystemBoxes.date.value.now`) and the borrowed read (`SystemBoxes.date.withValue { $0.now }`).
/// Each returns a few bits of its result, which the loop folds into a checksum. These are
/// production reads: they run before the process opens any isolation scope.
enum SystemBoxReads {
  struct Row {
    let name: String
    let system: String
    let box: String
    let samples: [Sample]  // system, value, withValue
  }

  static func run(_ sampler: Sampler) -> [Row] {
    var rows: [Row] = []
    func measure(
      _ name: String,
      _ system: String,
      _ box: String,
      _ operations: [() -> Int]
    ) {
      printToStandardError("  \(name)")
      rows.append(
        Row(name: name, system: system, box: box, samples: interleaved(sampler, operations))
      )
    }
    measure(
      "any box (floor)",
      "`static let` Int",
      "`Resettable<Int>`",
      [
        { SystemBoxFloor.plain },
        { SystemBoxFloor.box.value },
        { SystemBoxFloor.box.withValue { $0 } },
      ]
    )
    measure(
      "current date",
      "`Date()`",
      "`SystemBoxes.date`",
      [
        { bits(of: Date()) },
        { bits(of: SystemBoxes.date.value.now) },
        { bits(of: SystemBoxes.date.withValue { $0.now }) },
      ]
    )
    measure(
      "current date, box kept here",
      "`Date()`",
      "`static let date = SystemBoxes.date`",
      [
        { bits(of: Date()) },
        { bits(of: SystemBoxFloor.date.value.now) },
        { bits(of: SystemBoxFloor.date.withValue { $0.now }) },
      ]
    )
    measure(
      "new UUID",
      "`UUID()`",
      "`SystemBoxes.uuid`",
      [
        { bits(of: UUID()) },
        { bits(of: SystemBoxes.uuid.value()) },
        { bits(of: SystemBoxes.uuid.withValue { $0() }) },
      ]
    )
    measure(
      "clock's now",
      "`ContinuousClock.now`",
      "`SystemBoxes.continuousClock`",
      [
        { bits(of: ContinuousClock.now) },
        { bits(of: SystemBoxes.continuousClock.value.now) },
        { bits(of: SystemBoxes.continuousClock.withValue { $0.now }) },
      ]
    )
    measure(
      "clock's now, box kept here",
      "`ContinuousClock.now`",
      "`static let clock = SystemBoxes.continuousClock.resettable`",
      [
        { bits(of: ContinuousClock.now) },
        { bits(of: SystemBoxFloor.clock.value.now) },
        { bits(of: SystemBoxFloor.clock.withValue { $0.now }) },
      ]
    )
    measure(
      "64 random bits",
      "`SystemRandomNumberGenerator`",
      "`SystemBoxes.random`",
      [
        {
          var generator = SystemRandomNumberGenerator()
          return Int(truncatingIfNeeded: generator.next())
        },
        {
          var generator = SystemBoxes.random.value
          return Int(truncatingIfNeeded: generator.next())
        },
        { Int(truncatingIfNeeded: SystemBoxes.random.withRandomNumberGenerator { $0.next() }) },
      ]
    )
    return rows
  }

  static func markdownTable(_ rows: [Row]) -> String {
    var lines = [
      "| read | system API | ns | box | `.value` ns | × | `withValue` ns | × |",
      "|---|---|--:|---|--:|--:|--:|--:|",
    ]
    for row in rows {
      let system = row.samples[0].median
      let value = row.samples[1].median
      let borrowed = row.samples[2].median
      lines.append(
        "| \(row.name) | \(row.system) | \(format(system)) | \(row.box) | \(format(value)) | "
          + "\(ratio(value, system)) | \(format(borrowed)) | \(ratio(borrowed, system)) |"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// Runs every operation once per repetition, in turn, after a warm-up round.
  private static func interleaved(_ sampler: Sampler, _ operations: [() -> Int]) -> [Sample] {
    let operations = operations.map { opaque($0) }
    let iterations = sampler.calibrate { Sampler.loop(operations[0], iterations: $0) }
    var results = Array(repeating: [Double](), count: operations.count)
    for repetition in 0...sampler.settings.repetitions {  // the first is a warm-up
      for (index, operation) in operations.enumerated() {
        let start = now()
        let checksum = Sampler.loop(operation, iterations: iterations)
        let end = now()
        blackHole(checksum)
        if repetition > 0 { results[index].append(Double(end - start) / Double(iterations)) }
      }
    }
    return results.map(Sample.init)
  }

  /// The first 8 bytes of a value, for the checksum.
  private static func bits<Value>(of value: Value) -> Int {
    withUnsafeBytes(of: value) { $0.loadUnaligned(as: Int.self) }
  }

  private static func format(_ nanoseconds: Double) -> String {
    String(format: "%.1f", nanoseconds)
  }

  private static func ratio(_ value: Double, _ base: Double) -> String {
    String(format: "%.2f", value / base)
  }
}

/// The floor of every row: a read of a box holding an `Int`, beside a `static let` `Int`.
enum SystemBoxFloor {
  static let plain = Int.random(in: 1...1000)
  static let box = Resettable { plain }
  /// `SystemBoxes.date` itself, kept in a `static let` of the reading module.
  static let date = SystemBoxes.date
  /// `SystemBoxes.continuousClock`'s `Resettable`, kept in a `static let` of the reading module.
  static let clock = SystemBoxes.continuousClock.resettable
}
