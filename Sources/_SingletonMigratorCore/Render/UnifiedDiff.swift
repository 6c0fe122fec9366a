/// A unified diff (`diff -u`) of a file before and after a migration, computed from the line
/// edits that made it, with three lines of context.
enum UnifiedDiff {
  static func render(path: String, original: String, edits: [LineEdit], context: Int = 3)
    -> String
  {
    guard !edits.isEmpty else { return "" }
    var old = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // A file that ends with a line break has no line after it.
    if original.hasSuffix("\n") { old.removeLast() }
    let sorted = edits.enumerated().sorted {
      ($0.element.first, $0.element.last, $0.offset) < (
        $1.element.first, $1.element.last, $1.offset
      )
    }.map(\.element)
    // Group edits whose context would touch.
    var groups: [[LineEdit]] = []
    for edit in sorted {
      if let last = groups.last?.last, edit.first - last.last <= 2 * context + 1 {
        groups[groups.count - 1].append(edit)
      } else {
        groups.append([edit])
      }
    }
    var output = "--- a/\(path)\n+++ b/\(path)\n"
    var shift = 0  // new line number minus old line number, before the current group
    var previousEnd = 0
    for group in groups {
      // Lines before this group shift by the edits of earlier groups.
      let first = max(1, group[0].first - context)
      let lastEdit = group[group.count - 1]
      let last = min(old.count, max(lastEdit.last, lastEdit.first - 1) + context)
      var body: [String] = []
      var cursor = first
      var oldCount = 0
      var newCount = 0
      for edit in group {
        while cursor < edit.first {
          body.append(" " + old[cursor - 1])
          cursor += 1
          oldCount += 1
          newCount += 1
        }
        if edit.last >= edit.first {
          for line in edit.first...edit.last { body.append("-" + old[line - 1]) }
          oldCount += edit.last - edit.first + 1
          cursor = edit.last + 1
        }
        for line in edit.lines { body.append("+" + line) }
        newCount += edit.lines.count
      }
      while cursor <= last {
        body.append(" " + old[cursor - 1])
        cursor += 1
        oldCount += 1
        newCount += 1
      }
      _ = previousEnd
      let newFirst = first + shift
      output += "@@ -\(oldCount == 0 ? first - 1 : first),\(oldCount) "
      output += "+\(newCount == 0 ? newFirst - 1 : newFirst),\(newCount) @@\n"
      output += body.joined(separator: "\n") + "\n"
      shift += newCount - oldCount
      previousEnd = last
    }
    return output
  }
}
