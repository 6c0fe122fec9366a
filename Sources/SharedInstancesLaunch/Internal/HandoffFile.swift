import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The hand-off as it lies on disk: the test's doubles, and what proves the file is this run's
/// and this user's. The test writes it (`PreparedLaunch`), the launched process reads it.
package struct HandoffEnvelope: Codable, Sendable {
  package static let formatName = "shared-instances-launch-handoff"
  /// Changes whenever the shape of the file changes: a file of another version is refused.
  package static let currentVersion = 1

  package var format = HandoffEnvelope.formatName
  package var version = HandoffEnvelope.currentVersion
  /// A random token the launch also carries: a file from another run has another.
  package var token: String
  /// The user id of the test process, which only that user's processes share.
  package var owner: UInt32
  /// Where the launched process appends what it does (one JSON event a line).
  package var reportPath: String
  /// The fresh folders, when the hand-off asks for them.
  package var directories: String?
  /// The pipe through which the test advances a test clock, when the hand-off asks for one.
  package var clockPath: String?
  package var handoff: LaunchHandoff

  package init(
    token: String,
    owner: UInt32,
    reportPath: String,
    directories: String?,
    clockPath: String? = nil,
    handoff: LaunchHandoff
  ) {
    self.token = token
    self.owner = owner
    self.reportPath = reportPath
    self.directories = directories
    self.clockPath = clockPath
    self.handoff = handoff
  }
}

/// Reads and checks a hand-off file; the reasons it gives are printed as they are.
package enum HandoffFile {
  package static func currentUser() -> UInt32 { UInt32(getuid()) }

  /// Whether `path` is a plain file owned by this user that no one else can read or write; the
  /// reason when it is not.
  package static func checkPrivate(_ path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      return
        "there is no file at \(path) (its test may have ended: the file lives as long as the test)"
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return "\(path) is not a plain file" }
    guard UInt32(info.st_uid) == currentUser() else {
      return
        "\(path) belongs to another user (uid \(info.st_uid), this process runs as \(getuid()))"
    }
    guard (info.st_mode & 0o077) == 0 else {
      return
        """
        \(path) can be read or written by other users (mode \
        \(String(info.st_mode & 0o777, radix: 8)), expected 600)
        """
    }
    return nil
  }

  /// The envelope at `path`, checked against `token`; or why it is refused.
  package static func read(path: String, token: String?) -> Result<HandoffEnvelope, Refusal> {
    if let problem = checkPrivate(path) { return .failure(Refusal(problem)) }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(Refusal("\(path) cannot be read"))
    }
    let envelope: HandoffEnvelope
    do {
      envelope = try decoder.decode(HandoffEnvelope.self, from: data)
    } catch {
      return .failure(
        Refusal(
          "\(path) is not a valid hand-off (malformed or truncated, \(data.count) bytes): \(error)"
        )
      )
    }
    guard envelope.format == HandoffEnvelope.formatName else {
      return .failure(
        Refusal("\(path) is not a SharedInstances hand-off (format \"\(envelope.format)\")")
      )
    }
    guard envelope.version == HandoffEnvelope.currentVersion else {
      return .failure(
        Refusal(
          """
          \(path) has version \(envelope.version) of the hand-off and this program reads version \
          \(HandoffEnvelope.currentVersion): build the test and the program from the same \
          SharedInstances
          """
        )
      )
    }
    guard envelope.owner == currentUser() else {
      return .failure(Refusal("\(path) was written for another user (uid \(envelope.owner))"))
    }
    guard let token, token == envelope.token else {
      return .failure(
        Refusal(
          token == nil
            ? """
            the launch carries no token (SHARED_INSTANCES_LAUNCH_TOKEN), so \(path) cannot be \
            told from another run's
            """
            : """
            \(path) belongs to another launch or an earlier run (its token does not match the \
            launch's)
            """
        )
      )
    }
    if let problem = checkPrivate(envelope.reportPath) {
      return .failure(Refusal("its report file is refused: \(problem)"))
    }
    return .success(envelope)
  }

  package static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return decoder
  }()

  package static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .secondsSince1970
    return encoder
  }()

  /// Why a hand-off was refused.
  package struct Refusal: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
  }
}
