import FeedServerExample
import Foundation
import SharedInstancesTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  /// A `feed-server` the test launched with a hand-off's environment: it prints its address,
  /// serves until its standard input closes, and is stopped before the test ends.
  struct LaunchedServer: Sendable {
    let port: UInt16

    /// Launches the server with `launch`'s hand-off, runs `body` against it, and stops it; the
    /// test then calls `launch.finish()`, which fails it for what went wrong in the server.
    static func with<Result: Sendable>(
      _ launch: PreparedLaunch,
      _ body: (LaunchedServer) async throws -> Result
    ) async throws -> Result {
      let process = Process()
      process.executableURL = binary
      process.environment = ProcessInfo.processInfo.environment.merging(launch.environment) { $1 }
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      let exited = Exited()
      process.terminationHandler = { _ in exited.signal() }
      try process.run()
      // Closing its standard input stops it; one that does not stop within a minute is killed.
      defer {
        try? input.fileHandleForWriting.close()
        if !exited.wait(seconds: 60) {
          process.terminate()
          _ = exited.wait(seconds: 60)
        }
      }
      let line = await firstLine(of: output.fileHandleForReading)
      guard let line, let port = line.split(separator: ":").last.flatMap({ UInt16($0) }) else {
        throw ServerDidNotStart(output: line ?? "(nothing)", report: launch.report())
      }
      return try await body(LaunchedServer(port: port))
    }

    /// `GET path` over a connection of its own.
    func get(_ path: String) throws -> Reply {
      #if canImport(Glibc)
        let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #else
        let connection = socket(AF_INET, SOCK_STREAM, 0)
      #endif
      guard connection >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      defer { close(connection) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard connected == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
      _ = request.withUnsafeBytes { write(connection, $0.baseAddress!, $0.count) }
      var data = Data()
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(connection, &buffer, buffer.count)
        guard count > 0 else { break }
        data.append(contentsOf: buffer[0..<count])
      }
      return try Reply(data)
    }

    /// The server's answer.
    struct Reply {
      var status: Int
      var body: Data

      init(_ data: Data) throws {
        guard let split = data.firstRange(of: Data("\r\n\r\n".utf8)),
          let statusText = String(decoding: data[..<split.lowerBound], as: UTF8.self)
            .split(separator: " ").dropFirst().first,
          let status = Int(statusText)
        else { throw MalformedReply(text: String(decoding: data, as: UTF8.self)) }
        self.status = status
        body = data[split.upperBound...]
      }

      func page() throws -> HeadlineServer.Page {
        try JSONDecoder().decode(HeadlineServer.Page.self, from: body)
      }
    }

    struct MalformedReply: Error { var text: String }

    struct ServerDidNotStart: Error, CustomStringConvertible {
      var output: String
      var report: LaunchReport
      var description: String {
        "feed-server did not start (it printed \(output)); its report: \(report)"
      }
    }

    /// The first line the server prints, or nil when it exits first; read on a thread of its
    /// own, since the read blocks.
    private static func firstLine(of handle: FileHandle) async -> String? {
      await withCheckedContinuation { continuation in
        Thread {
          var bytes = Data()
          while true {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first else {
              continuation.resume(returning: nil)
              return
            }
            if byte == 0x0A {
              continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
              return
            }
            bytes.append(byte)
          }
        }.start()
      }
    }

    /// The built `feed-server`, beside the test binary.
    static let binary: URL = {
      var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent()
      // On macOS the tests run inside a bundle: …/debug/X.xctest/Contents/MacOS/X.
      while folder.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
        folder = folder.deletingLastPathComponent()
      }
      return folder.appendingPathComponent("feed-server")
    }()
  }

  /// A process's exit, waited for without a fixed sleep.
  private final class Exited: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func signal() { semaphore.signal() }
    func wait(seconds: Int) -> Bool {
      semaphore.wait(timeout: .now() + .seconds(seconds)) == .success
    }
  }
#endif
