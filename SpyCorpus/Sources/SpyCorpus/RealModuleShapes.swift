import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Shapes seen in real modules whose spies did not compile: nested protocols of one
// name, parents of the standard library, names of Spy's members, ownership, attributes.

// MARK: - Nested protocols of one name

/// Two editors, each with its own `Client`.
public enum StatusEditor {
  public enum A {
    public struct Value: Equatable, Sendable {
      public let text: String
      public init(text: String) { self.text = text }
    }

    public protocol Client: Sendable {
      func send(_ value: Value)
    }
  }

  public enum B {
    public protocol Client: Sendable {
      func send(count: Int) -> Int
    }
  }
}

/// A protocol whose requirement uses its own typealias.
public protocol Pipeline: Sendable {
  typealias Output = [Int]
  func run() -> Output
}

// MARK: - A generic parameter named like its protocol

public protocol TraceSpan: Sendable {}

public protocol SpanTracing: Sendable {
  associatedtype TraceSpan: SpyCorpus.TraceSpan
  func startSpan(_ name: String) -> TraceSpan
  func currentSpan() -> (any SpyCorpus.TraceSpan)?
}

// MARK: - Parents of the standard library

public protocol Preferences: Codable, Sendable {
  func value(for key: String) -> Int
}

public protocol Instant: Comparable, Hashable, Sendable {}

public protocol Flag: CaseIterable, Equatable, Sendable {}

public protocol Failure: Error, CustomDebugStringConvertible {
  var code: Int { get }
}

// MARK: - Names of Spy's members

public protocol Resetting: Sendable {
  var name: Int { get }
  func reset() throws
}

// MARK: - Ownership, attributes, closures

public struct Ticket: ~Copyable {
  public let number: Int
  public init(number: Int) { self.number = number }
}

public protocol TicketDesk: Sendable {
  func take(_ ticket: consuming Ticket, count: Int)
  consuming func close() -> Int
}

@resultBuilder
public enum PairsBuilder<Key, Value> {
  public static func buildBlock(_ parts: (Key, Value)...) -> [(Key, Value)] { parts }
}

public protocol Report: Sendable {
  @PairsBuilder<String, Int> var entries: [(String, Int)] { get }
}

public protocol HashSink {
  mutating func add(_ value: Int)
}

public protocol SinkMixing: Sendable {
  func mix(into sink: inout some HashSink)
}

public protocol Running: Sendable {
  func run(_ body: (@Sendable (@escaping @Sendable () -> Void) -> Void)?)
}

// MARK: - Foundation networking

public protocol HTTPLoading: Sendable {
  func data(for request: URLRequest) async throws -> (Data, URLResponse)
}

/// Hands out a pipeline: its spy serves a fresh `PipelineSpy` from an unstubbed call.
public protocol PipelineFactory: Sendable {
  func makePipeline() -> any Pipeline
}

// MARK: - Associated types and static requirements

/// A key with a value type and static requirements, as `DependencyKey` and
/// `InstrumentationContextKey` are.
public protocol ContextKey: Sendable {
  associatedtype Value: Sendable
  static var defaultValue: Value { get }
  static var nameOverride: String? { get }
}

// MARK: - Deprecated requirements and protocols

@available(*, deprecated, renamed: "NetworkDevice")
public struct NetworkInterface: Equatable, Sendable {
  public init() {}
}

public protocol Multicasting: Sendable {
  @available(*, deprecated, renamed: "join(device:)")
  func join(interface: NetworkInterface?)
  func join(device: Int)
}

@available(*, deprecated, message: "Use Multicasting")
public protocol LegacyMulticasting: Sendable {
  func join()
}

// MARK: - Long names

public protocol InboundByteBufferingChannelHandlerWithAVeryLongNameForLayout: Sendable {
  func logLevelMessageMetadataSourceFileFunctionLine(
    level: Int,
    message: String,
    metadata: [String: String]?,
    source: String,
    file: String,
    function: String,
    line: UInt
  ) -> Int
}

// MARK: - RawRepresentable with its raw value fixed

public protocol MetadataAttribute: RawRepresentable, Sendable where RawValue == Int64 {}

public protocol Acceptable: CaseIterable, Hashable, RawRepresentable, Sendable
where RawValue == String {}
