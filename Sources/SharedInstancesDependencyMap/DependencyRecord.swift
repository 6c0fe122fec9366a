import Foundation
import SharedInstances
import _SharedInstancesIsolation

/// How a test touched one box, as its dependency record lists it.
package enum DependencyKind: String, CaseIterable, Sendable, Hashable, Comparable {
  case readsRealInstance = "reads the real instance"
  case overrides = "overrides"
  case readsOverride = "reads the override"
  case readsTestDefault = "reads the test default"
  case sets = "sets"
  case resets = "resets"

  package static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }

  /// The kinds of one scope dependency.
  package static func of(_ dependency: _Scope.Dependency) -> Set<DependencyKind> {
    var kinds: Set<DependencyKind> = []
    if dependency.readRealInstance { kinds.insert(.readsRealInstance) }
    if dependency.readOverride { kinds.insert(.readsOverride) }
    if dependency.readTestDefault { kinds.insert(.readsTestDefault) }
    if dependency.changes.contains(.override) { kinds.insert(.overrides) }
    if dependency.changes.contains(.set) { kinds.insert(.sets) }
    if dependency.changes.contains(.reset) { kinds.insert(.resets) }
    return kinds
  }
}

/// The boxes one test touched, keyed as its record file names them.
///
/// A key is the box's type (for a named box, its name and type:
/// `MetricsSystem.factory (Resettable<MetricsFactory>)`) and declaring file,
/// `Resettable<Analytics> in App/Analytics.swift`: stable across machines and across edits that move the declaration within its file. Two boxes
/// of one type declared in one file are told apart by their line.
package struct DependencyRecord: Equatable, Sendable {
  var entries: [String: Set<DependencyKind>]

  init(entries: [String: Set<DependencyKind>] = [:]) { self.entries = entries }

  /// A box as records key it: what its identity says, or what an exit test's child process
  /// said of a box it read (the child's identities are its own).
  package struct RecordedBox: Hashable {
    let type: String
    let fileID: String
    let line: UInt
    let description: String

    init(_ identity: _BoxIdentity) {
      self.init(
        type: identity.label,
        fileID: "\(identity.location.fileID)",
        line: identity.location.line,
        description: identity.description
      )
    }

    package init(type: String, fileID: String, line: UInt, description: String) {
      self.type = type
      self.fileID = fileID
      self.line = line
      self.description = description
    }
  }

  /// The record of what `touched` lists, with each key's full description (for messages).
  package static func from(
    _ touched: [(identity: _BoxIdentity, kinds: Set<DependencyKind>)]
  ) -> (record: DependencyRecord, descriptions: [String: String]) {
    from(boxes: touched.map { (RecordedBox($0.identity), $0.kinds) })
  }

  /// The record of what `touched` lists, by box, with each key's full description.
  static func from(
    boxes touched: [(box: RecordedBox, kinds: Set<DependencyKind>)]
  ) -> (record: DependencyRecord, descriptions: [String: String]) {
    func baseKey(_ box: RecordedBox) -> String { "\(box.type) in \(box.fileID)" }
    var keyLines: [String: Set<UInt>] = [:]
    for item in touched { keyLines[baseKey(item.box), default: []].insert(item.box.line) }
    var record = DependencyRecord()
    var descriptions: [String: String] = [:]
    for item in touched where !item.kinds.isEmpty {
      var key = baseKey(item.box)
      if keyLines[key]!.count > 1 { key += ":\(item.box.line)" }
      record.entries[key, default: []].formUnion(item.kinds)
      descriptions[key] = item.box.description
    }
    return (record, descriptions)
  }

  /// The file's text: a comment line, then one sorted line per box.
  package func rendered(testName: String) -> String {
    var text = """
      # Shared instances touched by \(testName) (re-record: SHARED_INSTANCES_RECORD=all)

      """
    for key in entries.keys.sorted() {
      let kinds = entries[key]!.sorted().map(\.rawValue).joined(separator: ", ")
      text += "\(key): \(kinds)\n"
    }
    return text
  }

  /// Reads a record file's text; nil if a line is not a record line.
  static func parse(_ text: String) -> DependencyRecord? {
    var record = DependencyRecord()
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      let line = line.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let colon = line.range(of: ": ", options: .backwards) else { return nil }
      var kinds: Set<DependencyKind> = []
      for word in line[colon.upperBound...].split(separator: ",") {
        guard
          let kind = DependencyKind(rawValue: word.trimmingCharacters(in: .whitespaces))
        else { return nil }
        kinds.insert(kind)
      }
      record.entries[String(line[..<colon.lowerBound]), default: []].formUnion(kinds)
    }
    return record
  }

  /// One sentence per change from `recorded` to this record, in the order of the keys.
  func changes(
    from recorded: DependencyRecord,
    testName: String,
    descriptions: [String: String]
  ) -> [String] {
    var sentences: [String] = []
    let rerecord = "re-record with SHARED_INSTANCES_RECORD=1"
    for key in Set(entries.keys).union(recorded.entries.keys).sorted() {
      let now = entries[key] ?? []
      let before = recorded.entries[key] ?? []
      let box = descriptions[key] ?? key
      for kind in now.subtracting(before).sorted() {
        let what: String
        switch kind {
        case .readsRealInstance:
          what =
            "now reads the real \(box), which its record does not list: override it in "
            + "the test, or \(rerecord)"
        case .overrides:
          what =
            "now overrides \(box), which its record does not list: \(rerecord) if the "
            + "new override is intended"
        case .readsOverride:
          what = "now reads its override of \(box), which its record does not list: \(rerecord)"
        case .readsTestDefault:
          what =
            "now reads the test default of \(box), which its record does not list: override "
            + "it in the test if it should, or \(rerecord)"
        case .sets, .resets:
          what = "now \(kind.rawValue) \(box), which its record does not list: \(rerecord)"
        }
        sentences.append("\(testName) \(what).")
      }
      for kind in before.subtracting(now).sorted() {
        let what: String
        switch kind {
        case .readsRealInstance:
          what =
            "no longer reads the real \(box), which its record lists: the dependency is "
            + "gone; \(rerecord)"
        case .overrides:
          what = "no longer overrides \(box), which its record lists: \(rerecord)"
        case .readsOverride:
          what =
            "no longer reads its override of \(box), which its record lists: drop the "
            + "override if the code under test no longer needs it, or \(rerecord)"
        case .readsTestDefault:
          what =
            "no longer reads the test default of \(box), which its record lists: the "
            + "dependency is gone; \(rerecord)"
        case .sets, .resets:
          what = "no longer \(kind.rawValue) \(box), which its record lists: \(rerecord)"
        }
        sentences.append("\(testName) \(what).")
      }
    }
    return sentences
  }
}
