import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Appends events to the report file the launching test reads: one line of JSON each, written
/// with one `write` to a file opened for appending, so that lines of parallel threads (and of
/// several processes launched with one hand-off) never interleave.
final class ReportWriter: Sendable {
  private let descriptor: Int32

  /// Opens the report at `path`, which the test created; nil when it cannot.
  init?(path: String) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  func write(_ event: LaunchEvent) {
    guard var line = try? HandoffFile.encoder.encode(event) else { return }
    line.append(0x0A)
    line.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        #if canImport(Glibc)
          let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        #else
          let written = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        #endif
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
