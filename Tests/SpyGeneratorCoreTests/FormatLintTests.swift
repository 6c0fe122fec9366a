import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Users commit the generated spies and lint them: `swift format lint --strict`, with the
/// project's `.swift-format`, accepts every spy, however long its signatures. The shapes are the
/// real modules' that it once rejected (SpyCorpus/RealModules/REPORT.md).
@Suite(TimeLimits.waiting) struct FormatLintTests {
  /// OpenAPIRuntime's `ServerTransport`: an escaping closure parameter whose type does not fit
  /// on a line, and the accessor of the closure the spy keeps.
  @Test func aLongClosureParameterAndItsKeptAccessorAreLintClean() throws {
    let spy = try spyText([
      .method(
        "func register(_ handler: @escaping @Sendable (HTTPRequest, HTTPBody?, "
          + "ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?), "
          + "method: HTTPRequest.Method, path: String) throws"
      )
    ])
    #expect(try lintFindings(["ShapesSpy.swift": spy]) == [])
    expectReference(spy)
  }

  /// FluentKit's `Database`: a closure that returns `()`, as the module writes it. The strict
  /// lint wants `Void` there; `()` as a closure's parameters, or an optional `()?`, stays.
  @Test func anEmptyTupleReturnIsWrittenVoidAndParametersStayAsTheyAre() throws {
    let spy = try spyText([
      .method(
        "func execute(query: String, onOutput: @escaping @Sendable (any Sendable) -> ()) -> Int"
      ),
      .method("func run(_ body: @escaping () -> () -> Int, done: (() -> ())?) -> ()"),
      .method("func maybe() -> ()?"),
    ])
    #expect(try lintFindings(["ShapesSpy.swift": spy]) == [])
    #expect(spy.contains("onOutput: @escaping @Sendable (any Sendable) -> Void"))
    #expect(spy.contains("_ body: @escaping () -> () -> Int, done: (() -> Void)?"))
    #expect(!spy.contains("-> ())"))
    #expect(spy.contains("func maybe() -> ()?"))
  }

  /// IssueReporting's `IssueReporter`: overloads whose labels match add every parameter's type
  /// to their case names, which then do not fit after `case` on one line.
  @Test func aCaseNameTooLongForItsLineGoesUnderCase() throws {
    let location = "fileID: StaticString, filePath: StaticString, line: UInt, column: UInt"
    let spy = try spyText([
      .method("func expectIssue(_ message: @autoclosure () -> String?, \(location))"),
      .method(
        "func expectIssue(_ error: any Error, _ message: @autoclosure () -> String?, \(location))"
      ),
    ])
    #expect(try lintFindings(["ShapesSpy.swift": spy]) == [])
    let name =
      "expectIssueFileIDFilePathLineColumnAnyErrorVoidToStringOptionalStaticStringStaticString"
      + "UIntUInt"
    #expect(spy.contains("    case\n      \(name)(\n        error: SpyArgument<any Error>,"))
    #expect(spy.contains("      case\n        \(name)\n"))
  }

  /// GRDB's `DatabaseWriter`: the accessor of a kept closure whose declaration fits in 100
  /// columns only without its ` {`, which then goes on the next line.
  @Test func aPropertyThatFitsWithoutItsBraceKeepsItsTypeOnItsLine() throws {
    let spy = try spyText([
      .method(
        "func asyncBarrierWriteWithoutTransaction(_ updates: @escaping @Sendable "
          + "(Result<Database, any Error>) -> Void)"
      )
    ])
    #expect(try lintFindings(["ShapesSpy.swift": spy]) == [])
    #expect(
      spy.contains(
        "  var asyncBarrierWriteWithoutTransactionUpdates: "
          + "(@Sendable (Result<Database, any Error>) -> Void)?\n  {\n"
      )
    )
  }

  /// _NIOFileSystem's `FileSystemProtocol`: a spy generic over four associated types, whose
  /// `Spy<…Call>` parent does not fit after the generic parameters' closing `>`. swift-format
  /// puts the spy's type on a line of its own, and `.Call` under it where that does not fit.
  @Test(
    arguments: [
      (
        ["ReadableFileHandle", "WritableFileHandle", "ReadWriteFileHandle", "DirectoryFileHandle"],
        ">: Spy<\n  ShapesSpy<ReadableFileHandle, WritableFileHandle, ReadWriteFileHandle, "
          + "DirectoryFileHandle>.Call\n>,\nShapes,\n"
      ),
      (
        [
          "ReadingFileHandleKnd", "WritingFileHandleKnd", "ReadWriteFileHandle",
          "DirectoryFileHandle",
        ],
        ">: Spy<\n  ShapesSpy<ReadingFileHandleKnd, WritingFileHandleKnd, ReadWriteFileHandle, "
          + "DirectoryFileHandle>\n    .Call\n>,\nShapes,\n"
      ),
    ]
  )
  func aSpyParentThatDoesNotFitAfterTheGenericParametersIsBroken(
    associatedTypes: [String],
    layout: String
  ) throws {
    let spy = try spyText(
      associatedTypes.map { .associated("associatedtype \($0)") } + [
        .method("func open(_ path: String) -> Self.\(associatedTypes[0])")
      ]
    )
    #expect(try lintFindings(["ShapesSpy.swift": spy]) == [])
    #expect(spy.contains(layout))
  }

  /// SwiftProtobuf's `Decoder`: the write-back of an `inout` parameter whose case name (every
  /// type added) does not fit on the line; and `AnyMessageExtension`: a recorded call whose
  /// result, kept for the write-back, has a type in parentheses.
  @Test func aLongWriteBackAndAParenthesizedResultTypeAreLintClean() throws {
    let decodeMap = { (map: String) in
      Declared.method(
        "func decodeMapField<KeyType, ValueType>(fieldType: \(map)<KeyType, ValueType>.Type, "
          + "value: inout \(map)<KeyType, ValueType>.BaseType) throws "
          + "where KeyType : MapKeyType, ValueType : MapValueType",
        generics: ["KeyType", "ValueType"]
      )
    }
    let spy = try spyText([
      decodeMap("_ProtobufMap"),
      decodeMap("_ProtobufEnumMap"),
      .method(
        "func newField<D>(decoder: inout D) throws -> (any AnyExtensionField)? where D : Decoder",
        generics: ["D"]
      ),
    ])
    #expect(try lintFindings(["ShapesSpy.swift": spy]) == [])
    #expect(spy.contains("    writeBack(\n      &value,\n      for:\n        .decodeMapField"))
    #expect(spy.contains("  func\n    stubDecodeMapField"))
    #expect(spy.contains("    stub(\n      .decodeMapField"))
    #expect(
      spy.contains(
        "    let result: (any AnyExtensionField)? = try recordThrowing(\n"
          + "      .newField(decoder: SpyArgument(decoder as Any))\n    )"
      )
    )
  }

  /// SwiftSyntaxBuilder's `SyntaxExpressibleByStringInterpolation`: a spy whose own generic
  /// arguments do not fit on the line inside its `Spy<…Call>` parent.
  @Test func aSpyWhoseGenericArgumentsDoNotFitInItsParentIsLintClean() throws {
    let spy = try spyText([
      .associated("associatedtype ExtendedGraphemeClusterLiteralTypeOfTheSpyWithALongName"),
      .associated("associatedtype UnicodeScalarLiteralTypeOfTheSpyToo"),
      .method("func make() -> Self.ExtendedGraphemeClusterLiteralTypeOfTheSpyWithALongName"),
    ])
    #expect(try lintFindings(["ShapesSpy.swift": spy]) == [])
    #expect(
      spy.contains(
        ">: Spy<\n  ShapesSpy<\n    ExtendedGraphemeClusterLiteralTypeOfTheSpyWithALongName, "
          + "UnicodeScalarLiteralTypeOfTheSpyToo\n  >\n    .Call\n>,\n"
      )
    )
  }

  /// OpenAPIRuntime's `ServerMiddleware`: a non-escaping closure parameter, last, too long.
  @Test func aLongLastClosureParameterIsLintClean() throws {
    let spy = try spyText([
      .method(
        "func intercept(_ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, "
          + "operationID: String, next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) "
          + "async throws -> (HTTPResponse, HTTPBody?)) async throws -> (HTTPResponse, HTTPBody?)"
      )
    ])
    #expect(try lintFindings(["ShapesSpy.swift": spy]) == [])
  }

  /// Hummingbird's `PersistDriver`: generic requirements whose `where` clause does not fit on
  /// the line that closes the parameters.
  @Test func aLongWhereClauseOfARequirementIsLintClean() throws {
    let constraints = "where Object : Decodable, Object : Encodable, Object : Sendable"
    let spy = try spyText([
      .method(
        "func create<Object>(key: String, value: Object, expires: Duration?) async throws "
          + constraints,
        generics: ["Object"]
      ),
      .method(
        "func getWithTTL<Object>(key: String, as: Object.Type) async throws -> "
          + "(object: Object, ttl: Duration?)? " + constraints,
        generics: ["Object"]
      ),
    ])
    #expect(try lintFindings(["ShapesSpy.swift": spy]) == [])
    expectReference(spy)
  }

  /// Hummingbird's `ApplicationProtocol`: the spy's own `where` clause, from an associated
  /// type's constraints, does not fit on a line.
  @Test func aLongWhereClauseOfTheSpyIsLintClean() throws {
    let spy = try spyText([
      .associated(
        "associatedtype Responder : HTTPResponder where Self.Responder.Context : "
          + "InitializableFromSource, Self.Responder.Context.Source == "
          + "ApplicationRequestContextSource"
      ),
      .property("var responder: Self.Responder { get async throws }"),
    ])
    #expect(try lintFindings(["ShapesSpy.swift": spy]) == [])
    expectReference(spy)
  }

  /// Long types elsewhere: a property, a subscript, a `Call` case, tuples and arrays of
  /// closures.
  @Test func longTypesInEveryPositionAreLintClean() throws {
    let closure =
      "@Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata, ServerRequestMetadata) "
      + "async throws -> (HTTPResponse, HTTPBody?)"
    let spy = try spyText([
      .property("var handlers: [\(closure)] { get }"),
      .property(
        "var pairs: [(requestIdentifier: String, responseIdentifier: String, Int, Int)] "
          + "{ get set }"
      ),
      .method(
        "func route(requestIdentifiers: [(requestIdentifier: String, responseIdentifier: "
          + "String, metadataIdentifier: String)]) -> Int"
      ),
      .subscriptRequirement(
        "subscript(handlers: [String: (requestIdentifier: String, responseIdentifier: String)]) "
          + "-> (requestIdentifier: String, responseIdentifier: String, Int) { get }"
      ),
      .method("func register(_ handler: @escaping \(closure), also: @escaping \(closure))"),
    ])
    #expect(try lintFindings(["ShapesSpy.swift": spy]) == [])
  }

  /// Long generic shapes: a `where` clause with no parameters to break, a write-back stub and
  /// the accessor of a kept generic closure.
  @Test func longGenericShapesAreLintClean() throws {
    let constraints =
      "where Element : Decodable, Element : Encodable, Element : Sendable, Element : Hashable"
    let spy = try spyText([
      .method(
        "func makeTheDefaultElementOfTheStore<Element>() -> [Element] " + constraints,
        generics: ["Element"]
      ),
      .method(
        "func update(_ values: inout [(requestIdentifier: String, responseIdentifier: String, "
          + "metadataIdentifier: String)])"
      ),
      .method(
        "func observe<Element>(_ handler: @escaping @Sendable (Element, HTTPRequest, HTTPBody?, "
          + "ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)) " + constraints,
        generics: ["Element"]
      ),
      .property(
        "static var defaultHandlers: [String: @Sendable (HTTPRequest, HTTPBody?, "
          + "ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)] { get }"
      ),
    ])
    #expect(try lintFindings(["ShapesSpy.swift": spy]) == [])
  }

  /// Every spy of the corpus, as the generator writes it.
  @Test func everyCorpusSpyIsLintClean() throws {
    let output = try generateCorpus()
    let files = Dictionary(uniqueKeysWithValues: output.files.map { ($0.name, $0.contents) })
    #expect(files.count > 60)
    #expect(try lintFindings(files) == [])
  }
}

// MARK: - Fixtures

/// What `swift format lint --strict` with the project's `.swift-format` reports on `files`
/// (name: contents), one finding a line, file names without their folder.
func lintFindings(_ files: [String: String]) throws -> [String] {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("lint-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  for (name, contents) in files {
    try contents.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }
  let (status, text) = try runTool([
    "swift", "format", "lint", "--strict", "--configuration",
    testsFolder.appendingPathComponent("../../.swift-format").standardized.path, "-r",
    folder.path,
  ])
  let findings = text.split(separator: "\n").map {
    $0.replacingOccurrences(of: folder.path + "/", with: "")
  }
  // A finding fails the lint; a lint that fails with none (no swift-format) must not pass.
  #expect(status == 0 || !findings.isEmpty, "swift format: \(text)")
  if !findings.isEmpty {
    for (name, contents) in files.sorted(by: { $0.key < $1.key })
    where findings.contains(where: { $0.hasPrefix(name + ":") }) {
      Issue.record(
        "\(findings.joined(separator: "\n"))\n\(name) as generated:\n\(contents)"
      )
    }
  }
  return findings
}
