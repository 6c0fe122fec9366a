import Foundation

/// One thing a launched process did, appended to its report as a line of JSON and read back by
/// the launching test.
package struct LaunchEvent: Codable, Sendable, Hashable {
  package enum Kind: String, Codable, Sendable {
    /// The process took the hand-off.
    case accepted
    /// The program declared its scenarios and overridable boxes, and these were applied.
    case declared
    /// A request, answered by a stub.
    case request
    /// A request no stub answered.
    case unanswered
    /// A box's instance created in the process (`detail`: "real" or "test default").
    case read
    /// A diagnostic of the process's isolated scope: a real read in strict mode, a misuse.
    case diagnostic
    /// The hand-off asked for what the program could not apply (an undeclared scenario).
    case refused
    /// The library stopped the process.
    case stop
    /// A sleep began on the hand-off's test clock (`detail`: its deadline, in nanoseconds since
    /// the clock's origin).
    case sleep
  }

  package var kind: Kind
  package var pid: Int32
  package var method: String?
  package var url: String?
  package var headers: [String: String]?
  package var body: Data?
  package var stubsTried: [String]?
  package var message: String?
  package var detail: String?
  /// For a read: the box's type and where it is declared, as the dependency map names boxes.
  package var type: String?
  package var fileID: String?
  package var line: Int?

  package init(
    kind: Kind,
    method: String? = nil,
    url: String? = nil,
    headers: [String: String]? = nil,
    body: Data? = nil,
    stubsTried: [String]? = nil,
    message: String? = nil,
    detail: String? = nil,
    type: String? = nil,
    fileID: String? = nil,
    line: Int? = nil
  ) {
    self.kind = kind
    self.pid = ProcessInfo.processInfo.processIdentifier
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.stubsTried = stubsTried
    self.message = message
    self.detail = detail
    self.type = type
    self.fileID = fileID
    self.line = line
  }
}
