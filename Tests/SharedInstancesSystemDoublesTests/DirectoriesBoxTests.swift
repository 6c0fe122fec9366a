import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// `SystemBoxes.directories`: fresh folders for each isolated test, removed when it ends, kept
/// and named when it fails.
@Suite struct DirectoriesBoxTests {
  @Test(.isolatedShared, arguments: 0..<100)
  func parallelTestsWritingTheSameFileSeeOnlyTheirOwn(_ value: Int) async throws {
    let file = SystemBoxes.directories.value.documents.appendingPathComponent("same.txt")
    #expect(!FileManager.default.fileExists(atPath: file.path))
    try Data("\(value)".utf8).write(to: file)
    await Task.yield()
    #expect(try String(contentsOf: file, encoding: .utf8) == "\(value)")
  }

  @Test(.isolatedShared) func theFoldersExistAreEmptyAndNameTheTest() throws {
    let directories = SystemBoxes.directories.value
    for folder in [directories.temporary, directories.documents, directories.caches] {
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
    #expect(directories.documents.path.contains("theFoldersExistAreEmptyAndNameTheTest"))
    #expect(directories != AppDirectories.system)
  }

  @Test func eachFolderIsCreatedWhenTheTestFirstReadsIt() {
    let label = "firstUse\(UInt32.random(in: 0...UInt32.max))"
    /// The folders made for this test: none while its root does not exist.
    @Sendable func made() -> [String] {
      let files = FileManager.default
      let temporary = files.temporaryDirectory.path
      let roots = ((try? files.contentsOfDirectory(atPath: temporary)) ?? [])
        .filter { $0.hasPrefix("SharedInstances-") && $0.contains(label) }
      return roots.flatMap { root in
        (try? files.contentsOfDirectory(atPath: "\(temporary)/\(root)")) ?? []
      }
    }
    withIsolatedShared(name: label) {
      let directories = SystemBoxes.directories.value
      #expect(made().isEmpty, "the box was read, no folder was")
      _ = directories.caches
      #expect(made() == ["Caches"])
      _ = SystemBoxes.directories.value.documents
      #expect(made().sorted() == ["Caches", "Documents"])
    }
    #expect(made().isEmpty, "removed when the test ended")
  }

  @Test func theFoldersAreRemovedWhenTheTestEnds() throws {
    let documents = try withIsolatedShared {
      let documents = SystemBoxes.directories.value.documents
      try Data("x".utf8).write(to: documents.appendingPathComponent("a.txt"))
      return documents
    }
    #expect(!FileManager.default.fileExists(atPath: documents.path))
    #expect(!FileManager.default.fileExists(atPath: documents.deletingLastPathComponent().path))
  }

  /// A failing isolated test keeps its folders and names them, alone or in a suite with the
  /// trait (whose tests share one issue handler).
  @Test(arguments: [false, true])
  func theFoldersOfAFailingTestAreKeptAndNamed(inASuiteWithTheTrait: Bool) async throws {
    let documents = Locked<URL?>(nil)
    let issues = Locked<[(severity: Issue.Severity, text: String)]>([])
    let test = try #require(Test.current)
    // The inner test fails; this handler, outside it, takes its issues off this test's record.
    let capturing = IssueHandlingTrait.compactMapIssues { issue in
      issues.mutate { $0.append((issue.severity, "\(issue.comments)")) }
      return nil
    }
    let failingTest: @Sendable () async throws -> Void = {
      try await IsolatedSharedTrait.isolatedShared.provideScope(
        for: test,
        testCase: Test.Case.current
      ) {
        documents.set(SystemBoxes.directories.value.documents)
        Issue.record("the test fails")
      }
    }
    try await capturing.provideScope(for: test, testCase: Test.Case.current) {
      if inASuiteWithTheTrait {
        // What Swift Testing runs for a suite with the trait, then for each of its tests.
        try await IsolatedSharedTrait.watchingIssues(ofSuite: test, failingTest)
      } else {
        try await failingTest()
      }
    }
    let kept = try #require(documents.get())
    let root = kept.deletingLastPathComponent()
    #expect(FileManager.default.fileExists(atPath: kept.path))
    // Only this test's own issues: warnings other tests raise meanwhile (escaped reads, from
    // threads no test owns) may reach the handler too.
    let own = issues.get().filter {
      $0.severity == .error || $0.text.contains("its directories are kept")
    }
    #expect(own.map(\.severity) == [.error, .warning])
    #expect(own.last?.text.contains("its directories are kept at \(root.path)") == true)
    try FileManager.default.removeItem(at: root)
  }

  @Test func outsideEveryTestTheBoxHoldsTheSystemFolders() {
    #expect(SystemBoxes.directories.value.temporary == FileManager.default.temporaryDirectory)
  }

  @Test func aStrictTestGetsItsOwnFoldersWithoutAFailure() {
    withIsolatedShared(.strict) {
      #expect(SystemBoxes.directories.value != AppDirectories.system)
    }
  }
}
