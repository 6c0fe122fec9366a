/// A change to a file's lines: lines `first...last` (1-based) replaced by `lines`; with `last`
/// equal to `first - 1`, `lines` are inserted before line `first`.
struct LineEdit: Equatable, Sendable {
  let first: Int
  let last: Int
  let lines: [String]
}

extension Array where Element == LineEdit {
  /// The text with the edits applied. The edits must not overlap.
  func applied(to text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for edit in sorted(by: { ($0.first, $0.last) > ($1.first, $1.last) }) {
      let range = (edit.first - 1)..<edit.last
      lines.replaceSubrange(range, with: edit.lines)
    }
    return lines.joined(separator: "\n")
  }
}
