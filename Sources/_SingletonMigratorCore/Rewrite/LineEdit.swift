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
    // From the end, so that earlier line numbers stay valid; insertions at one place go in
    // the order of the list (the later one first, then the earlier one before it).
    let ordered = enumerated().sorted {
      ($0.element.first, $0.element.last, $0.offset) > (
        $1.element.first, $1.element.last, $1.offset
      )
    }.map(\.element)
    for edit in ordered {
      let range = (edit.first - 1)..<edit.last
      lines.replaceSubrange(range, with: edit.lines)
    }
    return lines.joined(separator: "\n")
  }
}
