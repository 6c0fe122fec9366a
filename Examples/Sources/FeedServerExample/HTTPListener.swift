import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A request, as much of it as the example reads.
public struct HTTPRequest: Sendable {
  public var method: String
  public var path: String
  public var headers: [String: String]
}

/// A response, sent with `Connection: close`.
public struct HTTPResponse: Sendable {
  public var status: Int
  public var headers: [String: String]
  public var body: Data

  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  public init(status: Int, text: String) {
    self.init(status: status, headers: ["Content-Type": "text/plain"], body: Data(text.utf8))
  }
}

/// A minimal HTTP/1.1 listener on the loopback address, one connection at a time read on its
/// own thread and answered by an async handler: enough for an example, with no server framework
/// to build. A real service would use one (Hummingbird, Vapor); the hand-off works the same.
public final class HTTPListener: Sendable {
  /// The port it listens on: the one asked for, or one the system chose for port 0.
  public let port: UInt16
  private let descriptor: Int32

  /// Listens on `127.0.0.1:port`.
  ///
  /// - Throws: `POSIXError` when the socket cannot be bound.
  public init(port: UInt16 = 0) throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Self.error() }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, 64) == 0 else {
      close(descriptor)
      throw Self.error()
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    self.descriptor = descriptor
    self.port = UInt16(bigEndian: address.sin_port)
  }

  /// Accepts connections on a thread of its own, for the life of the process.
  public func start(_ handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) {
    let descriptor = self.descriptor
    let thread = Thread {
      while true {
        let connection = accept(descriptor, nil, nil)
        guard connection >= 0 else {
          if errno == EINTR { continue }
          return
        }
        guard let request = Self.readRequest(connection) else {
          close(connection)
          continue
        }
        Task {
          Self.send(await handler(request), to: connection)
          close(connection)
        }
      }
    }
    thread.name = "HTTPListener"
    thread.start()
  }

  /// Reads the request line and headers (the example serves no bodies).
  private static func readRequest(_ connection: Int32) -> HTTPRequest? {
    var data = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 1024)
    let end = Array("\r\n\r\n".utf8)
    while data.count < 64 * 1024 {
      let count = read(connection, &buffer, buffer.count)
      guard count > 0 else { return nil }
      data.append(contentsOf: buffer[0..<count])
      if data.count >= end.count,
        (0...(data.count - end.count)).contains(where: {
          data[$0..<($0 + end.count)].elementsEqual(end)
        })
      {
        break
      }
    }
    let lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[String(line[..<colon]).lowercased()] =
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return HTTPRequest(
      method: String(requestLine[0]),
      path: String(requestLine[1]),
      headers: headers
    )
  }

  private static func send(_ response: HTTPResponse, to connection: Int32) {
    var head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
    for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
      head += "\(name): \(value)\r\n"
    }
    head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
    var bytes = Array(head.utf8)
    bytes.append(contentsOf: response.body)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        write(connection, $0.baseAddress!, $0.count)
      }
      guard written > 0 else { return }
      offset += written
    }
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 502: "Bad Gateway"
    default: "Status"
    }
  }

  private static func error() -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
}
