// Test doubles shared by the test targets of the spies and of isolation.

import SharedInstancesTesting
import Testing

/// A protocol with one method of each shape a double records: no result, a throwing result, a
/// result that must be stubbed, a result with a default, a throwing method with no result.
package protocol FileStore: Sendable {
  func refresh()
  func open(id: Int) throws -> String
  func size(of id: Int) -> Int
  func owner(of id: Int) -> String?
  func delete(id: Int) throws
}

/// A double of `FileStore` that inherits from `Spy`.
package final class FileStoreSpy: Spy<FileStoreSpy.Call>, FileStore, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  package enum Call: SpyCall {
    case refresh
    case open(id: Int)
    case size(of: Int)
    case owner(of: Int)
    case delete(id: Int)

    package enum Method { case refresh, open, size, owner, delete }

    package var method: Method {
      switch self {
      case .refresh: .refresh
      case .open: .open
      case .size: .size
      case .owner: .owner
      case .delete: .delete
      }
    }
  }

  package func refresh() { record(.refresh) }
  package func open(id: Int) throws -> String { try recordThrowing(.open(id: id)) }
  package func size(of id: Int) -> Int { record(.size(of: id), placeholder: -1) }
  package func owner(of id: Int) -> String? { record(.owner(of: id), default: nil) }
  package func delete(id: Int) throws { try recordThrowing(.delete(id: id)) }
}

/// An error for stubs to throw.
package enum FileStoreError: Error, Equatable {
  case notFound(Int)
  case readOnly
}

/// All of an issue's comments as one string, to match failure messages.
package func text(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}
