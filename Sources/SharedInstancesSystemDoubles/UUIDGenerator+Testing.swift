import Foundation
import SharedInstances
import SharedInstancesSystem

extension UUIDGenerator {
  /// A generator that answers `00000000-0000-0000-0000-000000000000`, then
  /// `00000000-0000-0000-0000-000000000001`, and so on: `UUID(counter:)` of 0,
  /// 1, 2, ….
  ///
  /// ```swift
  /// @Test(.isolatedShared) func numbersOrders() {
  ///   SystemBoxes.uuid.override(with: .incrementing)
  ///   #expect(placeOrder().id == UUID(counter: 0))
  ///   #expect(placeOrder().id == UUID(counter: 1))
  /// }
  /// ```
  ///
  /// Each use of `.incrementing` starts its own count from zero; copies of one generator share
  /// theirs, safe from any thread.
  public static var incrementing: UUIDGenerator {
    let calls = Protected(0)
    return UUIDGenerator {
      UUID(
        counter: calls.withLock { count in
          defer { count += 1 }
          return count
        }
      )
    }
  }

  /// A generator that always answers `uuid`.
  ///
  /// ```swift
  /// SystemBoxes.uuid.override(with: .constant(UUID(counter: 42)))
  /// ```
  ///
  /// - Parameter uuid: The identifier every call returns.
  /// - Returns: The generator.
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }

  /// A generator that fails the test when it is asked for a UUID, then answers
  /// `00000000-0000-0000-0000-000000000000`.
  ///
  /// ```swift
  /// SharedTestDefault(SystemBoxes.uuid) { .unimplemented() }
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
  ) -> UUIDGenerator {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return UUIDGenerator {
      Unimplemented.fail("UUIDGenerator.unimplemented", at: location)
      return UUID(counter: 0)
    }
  }
}

extension UUID {
  /// Creates the UUID whose last 16 hexadecimal digits spell `counter`:
  /// `UUID(counter: 1)` is `00000000-0000-0000-0000-000000000001`.
  ///
  /// ```swift
  /// #expect(UUID(counter: 255).uuidString == "00000000-0000-0000-0000-0000000000FF")
  /// ```
  ///
  /// These are the identifiers `UUIDGenerator.incrementing` makes, in order.
  ///
  /// - Parameter counter: A number from 0 on; a negative number stops the program.
  public init(counter: Int) {
    precondition(counter >= 0, "UUID(counter:) takes a number from 0 on, not \(counter)")
    let value = UInt64(counter)
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { raw in
      for index in 0..<8 {
        raw[15 - index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))
      }
    }
    self.init(uuid: bytes)
  }
}
