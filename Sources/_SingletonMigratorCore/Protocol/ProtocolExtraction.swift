import Foundation
import _SpyGeneratorCore

/// `--extract-protocol`: for each shared instance, a protocol of the instance members the
/// target's code uses through it, the class's conformance, and the protocol's spy.
struct ProtocolExtraction {
  struct Extracted {
    let name: String
  }

  var extracted: [String: Extracted] = [:]
  var diagnostics: [Diagnostic] = []

  init(files: [ScannedFile], instances: [SharedInstance], takenNames: Set<String>, moduleName: String?) {}

  func edits(in file: ScannedFile, migrated: Set<String>) -> [LineEdit] { [] }
  func spyFiles(for migrated: Set<String>) -> [SingletonMigrator.SourceFile] { [] }
  func spyDiagnostics(for migrated: Set<String>) -> [Diagnostic] { [] }
}
