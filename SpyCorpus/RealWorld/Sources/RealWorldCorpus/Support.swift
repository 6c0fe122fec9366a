import Foundation

// Types the corpus' protocols mention: models, errors, identifiers, and a few protocols that are
// only used as existentials or constraints (they count as protocols of the corpus too).

/// A user, as app models are: a value with an identifier.
public struct User: Equatable, Hashable, Codable, Sendable, Identifiable {
  public var id: UUID
  public var name: String
  public var email: String?

  public init(id: UUID = UUID(), name: String, email: String? = nil) {
    self.id = id
    self.name = name
    self.email = email
  }
}

/// A product in a catalog.
public struct Product: Equatable, Hashable, Codable, Sendable, Identifiable {
  public var id: Int
  public var title: String
  public var price: Decimal

  public init(id: Int, title: String, price: Decimal) {
    self.id = id
    self.title = title
    self.price = price
  }
}

/// An order of products.
public struct Order: Equatable, Codable, Sendable {
  public var id: String
  public var items: [Product]
  public init(id: String, items: [Product]) {
    self.id = id
    self.items = items
  }
}

/// A page of results.
public struct Page<Item> {
  public var items: [Item]
  public var next: Int?
  public init(items: [Item], next: Int?) {
    self.items = items
    self.next = next
  }
}

extension Page: Equatable where Item: Equatable {}
extension Page: Sendable where Item: Sendable {}

/// A typed failure for `throws(NetworkError)`.
public enum NetworkError: Error, Equatable, Sendable {
  case offline
  case status(Int)
  case decoding(String)
}

/// A typed failure for storage.
public enum StorageError: Error, Equatable, Sendable {
  case notFound
  case full
}

/// A failure with no cases worth comparing.
public struct CustomError: Error {
  public init() {}
}

/// An HTTP method.
public enum HTTPMethod: String, Sendable, CaseIterable {
  case get = "GET"
  case post = "POST"
  case put = "PUT"
  case delete = "DELETE"
}

/// A request description.
public struct Request: Equatable, Sendable {
  public var path: String
  public var method: HTTPMethod
  public var body: Data?
  public init(path: String, method: HTTPMethod = .get, body: Data? = nil) {
    self.path = path
    self.method = method
    self.body = body
  }
}

/// A response description.
public struct Response: Equatable, Sendable {
  public var status: Int
  public var data: Data
  public init(status: Int, data: Data) {
    self.status = status
    self.data = data
  }
}

/// A log level.
public enum LogLevel: Int, Comparable, Sendable {
  case debug, info, warning, error
  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A reference type that is not `Sendable` and not `Equatable`, like a view or a controller.
public final class ViewHandle {
  public var tag: Int
  public init(tag: Int) { self.tag = tag }
}

/// A reference type that is `Equatable` but not `Sendable`.
public final class Session: Equatable {
  public var token: String
  public init(token: String) { self.token = token }
  public static func == (lhs: Session, rhs: Session) -> Bool { lhs.token == rhs.token }
}

/// Something that can be cancelled (an existential in several protocols).
public protocol Cancellable: AnyObject {
  func cancel()
}

/// A request body (a constraint of generic methods).
public protocol Body {}

/// Another request body, for overloads that differ by constraint.
public protocol AnotherBody {}

/// A protocol used only as an existential, as Sourcery's fixtures do.
public protocol StubProtocol {}

/// A person, only used as an existential.
public protocol PersonProtocol {}

/// An event stream, generic over its element (a type the spies must name with an argument).
public struct EventStream<Element> {
  public var elements: [Element]
  public init(elements: [Element]) { self.elements = elements }
}

/// A token a subscription returns.
public final class Disposable: Cancellable, Sendable {
  public let id: Int
  public init(id: Int) { self.id = id }
  public func cancel() {}
}
