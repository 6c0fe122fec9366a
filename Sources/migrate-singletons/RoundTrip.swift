import Foundation
import _SingletonMigratorCore

/// `--round-trip <folder>`: the lexer and the whole plan over every Swift file of some folders,
/// each file as a target of its own. A crash names its file: each file's path goes to standard
/// error before it is read.
@MainActor func runRoundTrip(_ folders: [String]) -> Int32 {
  let start = DispatchTime.now().uptimeNanoseconds
  var files = 0
  var bytes = 0
  var tokens = 0
  var failures = 0
  var unfollowed = 0
  var unreadable = 0
  var candidates = 0
  var migrated = 0
  let migrator = SingletonMigrator(options: .init())
  for folder in folders {
    let root = URL(fileURLWithPath: folder).standardizedFileURL
    guard let enumerator = FileManager.default.enumerator(atPath: root.path) else {
      fail("cannot read \(folder)", status: 1)
    }
    let paths = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    for relative in paths {
      let path = root.appendingPathComponent(relative).path
      FileHandle.standardError.write(Data("at: \(path)\n".utf8))
      guard let data = FileManager.default.contents(atPath: path) else { continue }
      files += 1
      bytes += data.count
      let report = LexerRoundTrip.check(Array(data))
      tokens += report.tokenCount
      if let failure = report.failure {
        failures += 1
        print("\(path): round trip: \(failure)")
      }
      if let problem = report.problems.first {
        unfollowed += 1
        print("\(path):\(problem)")
      }
      guard let file = try? SingletonMigrator.SourceFile(path: path, data: data) else {
        unreadable += 1
        print("\(path): not UTF-8")
        continue
      }
      guard let migration = try? migrator.migrate(files: [file], symbolGraph: nil) else { continue }
      candidates += migration.instances.count + migration.skipped.count
      migrated += migration.migrated.count
    }
  }
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  print(
    "round trip: \(files) files, \(bytes) bytes, \(tokens) tokens: \(failures) that do not "
      + "round-trip, \(unfollowed) the lexer cannot follow (left out, with a warning), "
      + "\(unreadable) not UTF-8; planned each: \(candidates) candidates, \(migrated) would be "
      + "migrated; 0 crashes; \(String(format: "%.1f", seconds)) s"
  )
  return failures == 0 && unfollowed == 0 ? 0 : 1
}
