import Foundation
import Testing

/// Compares a generated file with its committed reference, so that every change to the output
/// shows in review as a diff of a file, not as a changed substring in a test.
///
/// The reference of a test lives next to the test's file:
/// `References/<TestFile>/<testName>.swift.expected`, or `<testName>-<label>.swift.expected` when
/// a test compares several files. On a mismatch the test fails with a unified diff from the
/// reference to what was generated. To re-record the references after an intended change of the
/// output, run the tests with the environment variable set, then review the diff in git:
///
/// ```sh
/// RECORD_REFERENCES=1 swift test --filter SpyGeneratorCoreTests
/// ```
///
/// ```swift
/// @Test func anAssociatedTypeMakesTheSpyGeneric() throws {
///   let spy = try spyText([.associated("associatedtype Item")])
///   expectReference(spy)
/// }
/// ```
package func expectReference(
  _ generated: String,
  _ label: String? = nil,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let url = referenceURL(filePath: "\(filePath)", function: "\(function)", label: label)
  expectReference(generated, file: url, sourceLocation: sourceLocation)
}

/// Compares a generated file with a committed reference at a given place (a reference another
/// check also reads, such as a package's committed spies); when `recording` (by default, with
/// `RECORD_REFERENCES=1` in the environment), writes the reference instead.
package func expectReference(
  _ generated: String,
  file url: URL,
  recording: Bool = ProcessInfo.processInfo.environment["RECORD_REFERENCES"] == "1",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  if recording {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(),
        withIntermediateDirectories: true
      )
      // Atomic: two tests may record the same reference (a corpus spy) at once.
      try Data(generated.utf8).write(to: url, options: .atomic)
    } catch {
      Issue.record("Could not record \(url.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let data = FileManager.default.contents(atPath: url.path) else {
    Issue.record(
      "No reference at \(url.path): run the test with RECORD_REFERENCES=1 to write it.",
      sourceLocation: sourceLocation
    )
    return
  }
  let reference = String(decoding: data, as: UTF8.self)
  guard reference != generated else { return }
  Issue.record(
    """
    The generated text differs from \(url.lastPathComponent) (- reference, + generated); \
    re-record with RECORD_REFERENCES=1 if the change is intended:
    \(unifiedDiff(from: reference, to: generated))
    """,
    sourceLocation: sourceLocation
  )
}

/// `References/<TestFile>/<name>[-<label>].swift.expected` beside the test file.
private func referenceURL(filePath: String, function: String, label: String?) -> URL {
  let testFile = URL(fileURLWithPath: filePath)
  let suite = testFile.deletingPathExtension().lastPathComponent
  let test = String(function.prefix { $0 != "(" })
  let name = label.map { "\(test)-\($0)" } ?? test
  return testFile.deletingLastPathComponent()
    .appendingPathComponent("References")
    .appendingPathComponent(suite)
    .appendingPathComponent("\(name).swift.expected")
}

/// The lines that differ, with three lines of context, in the shape of `diff -u`.
package func unifiedDiff(from old: String, to new: String) -> String {
  let a = old.split(separator: "\n", omittingEmptySubsequences: false)
  let b = new.split(separator: "\n", omittingEmptySubsequences: false)
  // The longest common subsequence, from the end, so the walk below can go forwards.
  var common = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      common[i][j] =
        a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
    }
  }
  enum Line { case same(Substring), removed(Substring), added(Substring) }
  var lines: [Line] = []
  var (i, j) = (0, 0)
  while i < a.count || j < b.count {
    if i < a.count, j < b.count, a[i] == b[j] {
      lines.append(.same(a[i]))
      (i, j) = (i + 1, j + 1)
    } else if i < a.count, j == b.count || common[i + 1][j] >= common[i][j + 1] {
      lines.append(.removed(a[i]))
      i += 1
    } else {
      lines.append(.added(b[j]))
      j += 1
    }
  }
  let changed = lines.indices.filter {
    if case .same = lines[$0] { return false }
    return true
  }
  var output: [String] = []
  var shownUpTo = -1
  for index in changed {
    let start = max(index - 3, shownUpTo + 1)
    if start > shownUpTo + 1, !output.isEmpty { output.append("@@") }
    let end = min(index + 3, lines.count - 1)
    guard start <= end else { continue }
    for shown in start...end where shown > shownUpTo {
      switch lines[shown] {
      case .same(let text): output.append(" \(text)")
      case .removed(let text): output.append("-\(text)")
      case .added(let text): output.append("+\(text)")
      }
      shownUpTo = shown
    }
  }
  return output.joined(separator: "\n")
}
