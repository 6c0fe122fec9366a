/// A unified diff (`diff -u`) of a file before and after a migration, computed from the line
/// edits that made it, with three lines of context.
enum UnifiedDiff {
  static func render(path: String, original: String, edits: [LineEdit], context: Int = 3)
    -> String
  {
    guard !edits.isEmpty else { return "" }
    let old = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let sorted = edits.sorted { ($0.first, $0.last) < ($1.first, $1.last) }
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
