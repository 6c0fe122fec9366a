import Foundation
import SharedInstances
import SharedInstancesSystem

extension DateGenerator {
  /// A generator that always answers `date`.
  ///
  /// ```swift
  /// @Test(.isolatedShared) func stampsTheOrder() {
  ///   let noon = Date(timeIntervalSince1970: 1_700_000_000)
  ///   SystemBoxes.date.override(with: .constant(noon))
  ///   #expect(placeOrder().placedAt == noon)
  /// }
  /// ```
  ///
  /// - Parameter date: The date every call returns.
  /// - Returns: The generator.
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }

  /// A generator that answers `start`, then a date `interval` seconds later on each call.
  ///
  /// ```swift
  /// let start = Date(timeIntervalSince1970: 0)
  /// SystemBoxes.date.override(with: .incrementing(from: start, by: 60))
  /// #expect(SystemBoxes.date.value.now == start)
  /// #expect(SystemBoxes.date.value.now == start.addingTimeInterval(60))
  /// ```
  ///
  /// The count is shared by every copy of the generator and safe from any thread.
  ///
  /// - Parameters:
  ///   - start: The first date.
  ///   - interval: The seconds between two dates. 1 by default.
  /// - Returns: The generator.
  public static func incrementing(from start: Date, by interval: TimeInterval = 1) -> DateGenerator
  {
    let calls = Protected(0)
    return DateGenerator {
      let index = calls.withLock { count in
        defer { count += 1 }
        return count
      }
      return start.addingTimeInterval(interval * Double(index))
    }
  }

  /// A generator that fails the test when it is asked for the date, then answers the reference
  /// date (2001-01-01 00:00:00 UTC).
  ///
  /// ```swift
  /// SharedTestDefault(SystemBoxes.date) { .unimplemented() }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where the generator is created, for failures. Leave the default.
  ///   - filePath: Where the generator is created, for failures. Leave the default.
  ///   - line: Where the generator is created, for failures. Leave the default.
  ///   - column: Where the generator is created, for failures. Leave the default.
  /// - Returns: The generator.
  public static func unimplemented(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> DateGenerator {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return DateGenerator {
      Unimplemented.fail("DateGenerator.unimplemented", at: location)
      return Date(timeIntervalSinceReferenceDate: 0)
    }
  }
}
