import Foundation

/// What the generator knows about the module's own types: which declare `Equatable` and
/// `Sendable`, which are protocols, and which typealiases name function types.
///
/// Built once per run from the symbol graph, so that rendering a spy looks types up rather
/// than scanning the module.
struct ModuleTypes {
  /// Types (by path, such as `Article.ID`) that conform to `Equatable` or `Hashable`.
  var equatable: Set<String> = []
  /// Types that conform to `Sendable` (directly or through a protocol such as `Error`).
  var sendable: Set<String> = []
  /// Every struct, class, enum and protocol of the module.
  var declared: Set<String> = []
  /// The module's protocols: spelled bare, they are existentials.
  var protocols: Set<String> = []
  /// Typealiases of function types, such as `Completion` for `@Sendable (Int) -> Void`.
  var closureAliases: [String: String] = [:]
  /// Types of other modules (but the standard library's and Foundation's) the declarations
  /// mention, such as `ByteBuffer`: whether they are `Equatable` or `Sendable` is unknown.
  var foreign: Set<String> = []
  /// The module's typealiases of other types, by path, with the type they stand for.
  var aliases: [String: String] = [:]
  /// Types that cannot be copied (`~Copyable`): the module's, and the standard library's.
  var noncopyable: Set<String> = ["ExecutorJob", "Job", "Mutex", "Atomic"]

  init() {}

  init(_ reader: SymbolGraphReader) {
    let kinds: Set = ["swift.struct", "swift.class", "swift.enum", "swift.protocol"]
    var pathByID: [String: String] = [:]
    var identifiable: Set<String> = []
    for symbol in reader.dependencySymbols {
      for fragment in symbol.declarationFragments ?? [] where fragment.kind == "typeIdentifier" {
        guard let usr = fragment.preciseIdentifier,
          let module = ModuleImports.module(ofUSR: usr), module != reader.graph.module.name,
          !ModuleImports.implicit.contains(module)
        else { continue }
        foreign.insert(fragment.spelling)
      }
    }
    for symbol in reader.graph.symbols {
      let path = symbol.pathComponents.joined(separator: ".")
      let kind = symbol.kind.identifier
      for fragment in symbol.declarationFragments ?? [] where fragment.kind == "typeIdentifier" {
        guard let usr = fragment.preciseIdentifier,
          let module = ModuleImports.module(ofUSR: usr), module != reader.graph.module.name,
          !ModuleImports.implicit.contains(module)
        else { continue }
        foreign.insert(fragment.spelling)
        foreign.insert("\(module).\(fragment.spelling)")
      }
      if kinds.contains(kind) {
        if symbol.declaration.contains("~Copyable") { noncopyable.insert(path) }
        declared.insert(path)
        pathByID[symbol.identifier.precise] = path
        if kind == "swift.protocol" { protocols.insert(path) }
      } else if kind == "swift.typealias" {
        let declaration = symbol.declaration
        if let equals = declaration.range(of: " = ") {
          let aliased = String(declaration[equals.upperBound...]).trimmingSpaces
          if aliased.contains("->") {
            closureAliases[path] = aliased
          } else {
            aliases[path] = aliased
          }
        }
      }
    }
    for relationship in reader.graph.relationships where relationship.kind == "conformsTo" {
      guard let path = pathByID[relationship.source] else { continue }
      switch relationship.target {
      case "s:SQ", "s:SH", "s:SL": equatable.insert(path)
      case "s:s8SendableP", "s:s5ErrorP": sendable.insert(path)
      case "s:s12IdentifiableP": identifiable.insert(path)
      default: break
      }
    }
    // `Article.ID` of an `Identifiable` type is the type of its `id`.
    for symbol in reader.graph.symbols
    where symbol.kind.identifier == "swift.property" && symbol.pathComponents.count >= 2
      && symbol.name == "id"
    {
      let owner = symbol.pathComponents.dropLast().joined(separator: ".")
      guard identifiable.contains(owner), aliases["\(owner).ID"] == nil,
        let colon = symbol.declaration.firstIndex(of: ":")
      else { continue }
      let type = symbol.declaration[symbol.declaration.index(after: colon)...]
        .prefix { $0 != "{" }
      aliases["\(owner).ID"] = String(type).trimmingSpaces
    }
  }
}

extension SpyRenderer {
  /// How a `Call` stores one argument: its type there, and the expression that records it.
  struct RecordedForm {
    let type: String
    let wrapper: String?
    /// Whether the argument is stored as `Any` (said with `as Any`, which an optional needs).
    var erases = false

    /// The expression that stores `name` in the call.
    func value(_ name: String) -> String {
      wrapper.map { "\($0)(\(name)\(erases ? " as Any" : ""))" } ?? name
    }
  }

  /// How `Call` stores an argument of `type`, written in `member`.
  ///
  /// - As it is, when its type is `Equatable` and `Sendable`: the standard library's and
  ///   Foundation's value types, and the module's types that declare both.
  /// - In `NotCompared`, when the module declares it `Sendable` and not `Equatable`, and for
  ///   tuples of such values: recorded, ignored by `==`.
  /// - In `SpyArgument<Any>`, when the type is the member's own generic parameter or an opaque
  ///   `some P`, which the `Call` enum cannot name.
  /// - In `SpyArgument<Type>`, when it mentions the spy's generic parameter (an associated type
  ///   of the protocol): whatever type the test chooses.
  /// - In `SpyArgument<Type>` otherwise: existentials, `Any`, `AnyObject`, metatypes, classes
  ///   that are not `Sendable`, values that are not `Equatable`. `SpyArgument` compares by
  ///   value when the argument's type is `Equatable` at run time.
  func recordedForm(of type: String, in member: Member) -> RecordedForm {
    var type = type
    // An implicitly unwrapped optional is an optional outside a declaration.
    if type.hasSuffix("!") { type = String(type.dropLast()) + "?" }
    let words = identifiers(inType: type)
    if words.contains("some") || mentionsGenerics(type, in: member) {
      return RecordedForm(type: "SpyArgument<Any>", wrapper: "SpyArgument", erases: true)
    }
    // The spy's own generic parameters, which `Call` can name (any type at all), and the spy
    // itself for `Self` (neither `Equatable` nor `Sendable`).
    if GenericParameters.mentions(type, Set(target.associatedTypes.map(\.name) + [spyName])) {
      return RecordedForm(type: "SpyArgument<\(type)>", wrapper: "SpyArgument")
    }
    if isSafe(type, words: words) { return RecordedForm(type: type, wrapper: nil) }
    if isRecordableUncompared(type, words: words) {
      return RecordedForm(type: "NotCompared<\(type)>", wrapper: "NotCompared")
    }
    return RecordedForm(type: "SpyArgument<\(type)>", wrapper: "SpyArgument")
  }

  /// Whether every type named in `type` is `Equatable` and `Sendable` as far as the generator
  /// can tell, and the type is no function (nor a typealias of one), existential, or tuple, nor
  /// holds a tuple.
  private func isSafe(_ type: String, words: [String]) -> Bool {
    // A tuple, also inside an array or a dictionary, is not `Equatable`.
    if type.contains("(") || type.contains("->") || isMetatype(words) { return false }
    for word in words {
      if Self.unsafeWords.contains(word) || isFrameworkClass(word) { return false }
      if types.closureAliases[word] != nil || types.foreign.contains(word) { return false }
      if typesThatAreNotEquatable.contains(word) || types.protocols.contains(word) { return false }
      if types.declared.contains(word), !types.sendable.contains(word) { return false }
      if !isKnown(word, equatable: true) { return false }
    }
    return true
  }

  /// Whether `word` names a type the generator knows to be `Sendable` (and, with `equatable`,
  /// `Equatable`): one of the standard library's or Foundation's value types, a type of the
  /// module that declares it, or a typealias of the module for such a type. A type it does not
  /// know (`OpaquePointer` behind a typealias, a type of another module) is not assumed to be.
  private func isKnown(_ word: String, equatable: Bool, depth: Int = 0) -> Bool {
    var name = word
    for module in ["Swift.", "Foundation."] where name.hasPrefix(module) {
      name = String(name.dropFirst(module.count))
    }
    if Self.valueTypes.contains(name) { return true }
    // A member type of a standard value type (`String.Index`, `Data.Index`).
    if let dot = name.firstIndex(of: "."), Self.valueTypes.contains(String(name[..<dot])),
      !types.declared.contains(name)
    {
      return true
    }
    if types.declared.contains(name) {
      return types.sendable.contains(name) && (!equatable || types.equatable.contains(name))
    }
    if let aliased = types.aliases[name], depth < 8 {
      let words = identifiers(inType: aliased)
      if aliased.contains("(") || aliased.contains("->") || isMetatype(words) { return false }
      return words.allSatisfy { word in
        !Self.unsafeWords.contains(word) && !types.foreign.contains(word)
          && isKnown(word, equatable: equatable, depth: depth + 1)
      }
    }
    return false
  }

  /// The standard library's and Foundation's types that are `Equatable` and `Sendable` (when
  /// their generic arguments are), which `Call` stores as they are.
  static let valueTypes: Set = [
    "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt", "UInt8", "UInt16", "UInt32",
    "UInt64", "UInt128", "Double", "Float", "Float16", "Float80", "CGFloat", "Bool", "String",
    "Character", "Substring", "Unicode.Scalar", "Array", "ContiguousArray", "ArraySlice",
    "Dictionary", "Set", "Optional", "Range", "ClosedRange", "Duration", "ObjectIdentifier",
    "Result", "CollectionDifference", "Date", "URL", "UUID", "Data", "Decimal", "TimeInterval",
    "TimeZone", "Locale", "Calendar", "DateComponents", "DateInterval", "IndexPath", "IndexSet",
    "CharacterSet", "URLComponents", "URLQueryItem", "URLRequest", "PersonNameComponents",
    "AttributedString", "NSRange", "ContinuousClock.Instant", "SuspendingClock.Instant",
    "StaticBigInt", "Measurement",
  ]

  /// Whether `type` is the module's `Sendable` value that is not `Equatable` (or a tuple of
  /// such values): kept in `NotCompared`, as before `SpyArgument`.
  private func isRecordableUncompared(_ type: String, words: [String]) -> Bool {
    if type.contains("->") || isMetatype(words) { return false }
    // The labels of a tuple's elements (`(x: Int, y: Int)`) are no types.
    let words = identifiers(inType: Self.withoutTupleLabels(type))
    for word in words {
      if Self.unsafeWords.contains(word) || isFrameworkClass(word) { return false }
      if types.protocols.contains(word) || types.closureAliases[word] != nil { return false }
      if types.foreign.contains(word) { return false }
      if types.declared.contains(word), !types.sendable.contains(word) { return false }
      if !isKnown(word, equatable: false) { return false }
    }
    return true
  }

  /// `type` without the labels of tuple elements: a name and a colon after `(` or `,`.
  static func withoutTupleLabels(_ type: String) -> String {
    var result = ""
    var pending = ""
    var afterOpening = true
    for character in type {
      if character.isLetter || character.isNumber || character == "_" {
        pending.append(character)
        continue
      }
      if character == ":", afterOpening, !pending.isEmpty {
        pending = ""
        continue
      }
      result += pending
      pending = ""
      result.append(character)
      if character == "(" || character == "," {
        afterOpening = true
      } else if character != " " {
        afterOpening = false
      }
    }
    return result + pending
  }

  /// Whether the type mentions a metatype, `X.Type` or `P.Protocol`.
  private func isMetatype(_ words: [String]) -> Bool {
    words.contains { $0.hasSuffix(".Type") || $0.hasSuffix(".Protocol") }
  }

  /// Types the generator cannot vouch for: type erasers (`AnyPublisher`, `AnyView`,
  /// `AnyCancellable`) and the classes of Apple's Objective-C frameworks (`NSNumber`, `UIImage`,
  /// `CLLocation`), mostly `Equatable` but not `Sendable`, some neither. `SpyArgument` holds
  /// them all and still compares those that are `Equatable` by value.
  private func isFrameworkClass(_ word: String) -> Bool {
    let characters = Array(word)
    func isPrefixed(_ prefix: String) -> Bool {
      word.hasPrefix(prefix) && characters.count > prefix.count
        && characters[prefix.count].isUppercase
    }
    if isPrefixed("Any") { return true }
    if word == "NSRange" { return false }
    return Self.frameworkPrefixes.contains(where: isPrefixed)
  }

  /// Prefixes of Apple's Objective-C frameworks' types.
  static let frameworkPrefixes = [
    "NS", "UI", "CA", "CL", "AV", "MK", "WK", "SK", "PH", "CN", "EK", "HK", "GK", "UN", "CK",
  ]

  /// Words that make a type neither `Equatable` nor `Sendable` for sure: existentials and the
  /// standard library's types that are not both.
  static let unsafeWords: Set = [
    "any", "some", "Any", "AnyObject", "AnyClass", "AnyHashable", "Error", "Hasher", "CVarArg",
    "Codable",
    "Encodable", "Decodable", "Void", "Never", "Sequence", "Collection", "IteratorProtocol",
    "CustomStringConvertible", "CustomDebugStringConvertible", "Hashable", "Equatable",
    "Comparable", "Identifiable", "Sendable", "UnsafeRawPointer", "UnsafeMutableRawPointer",
    "UnsafePointer", "UnsafeMutablePointer", "OpaquePointer", "Unmanaged", "KeyPath",
    "WritableKeyPath", "PartialKeyPath", "AnyKeyPath", "Mirror", "StaticString",
    // Foundation and Dispatch classes, and values that are not `Sendable` (`Notification`
    // carries `[AnyHashable: Any]`).
    "Notification", "Formatter", "DateFormatter", "NumberFormatter", "ISO8601DateFormatter",
    "Thread", "Operation", "OperationQueue", "BlockOperation", "Timer", "RunLoop", "Process",
    "Pipe", "Stream", "InputStream", "OutputStream", "Scanner", "XMLParser", "Bundle",
    "UserDefaults", "NotificationCenter", "FileManager", "FileHandle", "URLSession",
    "URLSessionTask", "URLSessionDataTask", "URLSessionConfiguration", "URLResponse",
    "HTTPURLResponse", "HTTPCookie", "URLCache", "CachedURLResponse", "JSONEncoder",
    "JSONDecoder", "PropertyListEncoder", "PropertyListDecoder", "DispatchQueue",
    "DispatchGroup", "DispatchSemaphore", "DispatchWorkItem", "CGColor", "CGImage",
    "CGContext", "CGPath", "CGMutablePath",
  ]

  /// The identifiers in a type, such as `Result`, `Int`, `any` and `Error` in
  /// `Result<Int, any Error>`.
  func identifiers(inType type: String) -> [String] {
    type.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }.map(String.init)
  }
}

extension SpyRenderer {
  /// Whether `Call` records the parameter: not a closure, nor an `@autoclosure` of no value,
  /// nor a `consuming` or `borrowing` one of a type that may not be copyable (the standard
  /// library's noncopyable types, the module's `~Copyable` ones, and any type whose form is
  /// not plain: a copyable `Call` cannot hold it).
  func isRecorded(_ parameter: Parameter, in member: Member) -> Bool {
    if parameter.isClosure || parameter.evaluated?.type == "Void" { return false }
    // A value that cannot escape the call (`RawSpan`) cannot be kept.
    if identifiers(inType: parameter.type).contains(where: Self.nonescapable.contains) {
      return false
    }
    let modifiers = parameter.modifiers.split(separator: " ")
    guard modifiers.contains("consuming") || modifiers.contains("borrowing") else { return true }
    let words = identifiers(inType: parameter.type)
    if words.contains(where: types.noncopyable.contains) { return false }
    return recordedForm(of: parameter.type, in: member).wrapper == nil
  }

  /// The standard library's types that are `~Escapable`.
  static let nonescapable: Set = [
    "Span", "RawSpan", "MutableSpan", "MutableRawSpan", "UTF8Span", "OutputSpan", "OutputRawSpan",
  ]

  /// `label: text`, or `text` alone for an argument `Call` stores without a label.
  func labeled(_ label: String, _ text: String) -> String {
    label.isEmpty ? text : "\(label): \(text)"
  }
}
