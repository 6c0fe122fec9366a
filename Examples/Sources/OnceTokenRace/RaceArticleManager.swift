/// The instance the race demo hands out: a real article manager, numbered in creation order,
/// or the mock that one particular install put in place.
public final class RaceArticleManager: Sendable {
  /// What a read can observe, as a plain value the checker compares.
  public enum Identity: Hashable, Sendable {
    /// The `serial`-th real instance created during the run.
    case real(serial: Int)
    /// The mock installed by the operation numbered `operation`.
    case mock(operation: Int)
  }

  /// Which instance this is.
  public let identity: Identity

  /// Creates the mock that operation `operation` installs.
  public init(mockFor operation: Int) {
    identity = .mock(operation: operation)
  }

  /// Creates a real instance, spending `cost` iterations of work first, the way a real manager
  /// opens its database or reads its cache before it is ready.
  ///
  /// - Parameters:
  ///   - serial: Its number, in creation order.
  ///   - cost: How much work creating it takes.
  public init(serial: Int, cost: Int = 0) {
    var checksum = 0
    for step in 0..<cost { checksum = checksum &* 31 &+ step }
    precondition(checksum != 1, "unreachable; keeps the loop from being optimized away")
    identity = .real(serial: serial)
  }
}

/// Hands out serial numbers for real instances, one counter per run.
final class SerialNumbers: Sendable {
  private let next = Locked(0)

  func take() -> Int {
    next.withLock { next in
      next += 1
      return next
    }
  }
}
