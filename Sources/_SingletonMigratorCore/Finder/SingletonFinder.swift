import Foundation
import _SpyGeneratorCore

/// Finds the shared instances of a target's files (see ``SharedInstance``), and the default
/// arguments that inject them.
struct SingletonFinder {
  /// The comment that keeps a declaration as it is: `--check` passes it, the migration skips it.
  static let allowMarker = "shared-instances: allow"
  /// Types of SharedInstances itself: a property holding one is already migrated.
  static let libraryTypes: Set<String> = [
    "Resettable", "SharedLifetime", "SharedScope", "ServiceLocator",
  ]
  /// Attributes a stored property may carry that the migration keeps; any other (a property
  /// wrapper such as `@TaskLocal`, a custom global actor) leaves the declaration as it is.
  static let knownAttributes: Set<String> = [
    "@MainActor", "@available", "@objc", "@nonobjc", "@preconcurrency", "@usableFromInline",
    "@_spi", "@inline", "@inlinable", "@_disfavoredOverload", "@frozen",
  ]

  let files: [ScannedFile]
  let symbols: ModuleSymbols?
  /// Qualified names allowed to stay (`Manager.shared`).
  let allowed: Set<String>
  /// Class names declared elsewhere that count as classes (`URLSession`).
  let extraClasses: Set<String>

  private(set) var classNames: Set<String> = []
  private(set) var mainActorClassNames: Set<String> = []
  private(set) var valueTypeNames: Set<String> = []
  /// Classes and actors of the target known to be `Sendable`.
  private(set) var sendableClassNames: Set<String> = []
  /// Every type name the target declares (not extends).
  private(set) var declaredTypeNames: Set<String> = []
  /// The paths of the nested types the target declares (`SecureBytes.Backing`).
  private(set) var declaredTypePaths: Set<String> = []
  /// Types of the target whose conformances say their identity is their meaning (an executor,
  /// an event loop), with what they are.
  private(set) var identityConformers: [String: String] = [:]
  /// Classes of the target whose `deinit` stops the program (an instance that must be shut
  /// down first), with the call that stops it.
  private(set) var deinitStops: [String: String] = [:]

  init(
    files: [ScannedFile],
    symbols: ModuleSymbols?,
    allowed: Set<String> = [],
    extraClasses: Set<String> = []
  ) {
    self.files = files
    self.symbols = symbols
    self.allowed = allowed
    self.extraClasses = extraClasses
    classNames = Self.foundationClasses
    valueTypeNames = Self.standardValueTypes
    for file in files {
      for type in file.types {
        let names = [type.name, type.path.joined(separator: ".")]
        if type.kind != .extension {
          declaredTypeNames.insert(type.name)
          if type.path.count > 1 { declaredTypePaths.insert(names[1]) }
        }
        if let what = Self.identity(ofConformances: type.inheritance) {
          for name in names { identityConformers[name] = what }
        }
        switch type.kind {
        case .class, .actor:
          classNames.formUnion(names)
          if let stop = Self.deinitStop(in: file.tokens, from: type.openBrace, to: type.closeBrace)
          {
            for name in names { deinitStops[name] = stop }
          }
          if type.isMainActor { mainActorClassNames.formUnion(names) }
          if type.kind == .actor || type.isMainActor || type.inheritance.contains("Sendable") {
            sendableClassNames.formUnion(names)
          }
        case .struct, .enum:
          valueTypeNames.formUnion(names)
        case .extension:
          // `extension Legacy: @unchecked Sendable {}` says so as well as the declaration.
          if type.inheritance.contains("Sendable") { sendableClassNames.formUnion(names) }
        case .protocol: break
        }
      }
    }
    if let symbols {
      classNames.formUnion(symbols.classNames)
      mainActorClassNames.formUnion(symbols.mainActorClassNames)
      valueTypeNames.formUnion(symbols.valueTypeNames)
    }
    classNames.formUnion(extraClasses)
  }

  /// Names a singleton goes by: a static of another type under one of them is a candidate even
  /// when the migrator cannot box it, so that the plan says why.
  static let singletonNames: Set<String> = [
    "shared", "sharedInstance", "default", "`default`", "defaultInstance", "standard", "current",
    "instance", "main", "global", "singleton",
  ]
  /// Classes of Foundation and Dispatch that shared instances are made of: known without a
  /// symbol graph.
  static let foundationClasses: Set<String> = [
    "DateFormatter", "ISO8601DateFormatter", "NumberFormatter", "ByteCountFormatter",
    "DateComponentsFormatter", "DateIntervalFormatter", "MeasurementFormatter",
    "PersonNameComponentsFormatter", "RelativeDateTimeFormatter", "ListFormatter",
    "JSONEncoder", "JSONDecoder", "PropertyListEncoder", "PropertyListDecoder", "URLSession",
    "URLCache", "HTTPCookieStorage", "FileManager", "NotificationCenter", "UserDefaults",
    "NSCache", "NSRegularExpression", "Bundle", "ProcessInfo", "NSObject", "Thread",
  ]
  /// Value types of the standard library and Foundation, known without a symbol graph: a
  /// constant of one (`extension UInt8 { static let space = UInt8(ascii: " ") }`) is a value.
  static let standardValueTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float", "Float16", "Bool", "String", "Substring", "Character", "Unicode",
    "Array", "Dictionary", "Set", "Optional", "Result", "Range", "ClosedRange", "Duration",
    "Data", "Date", "URL", "UUID", "Decimal", "TimeInterval", "URLComponents", "URLRequest",
    "CharacterSet", "IndexSet", "IndexPath", "Calendar", "Locale", "TimeZone", "DateComponents",
    "DateInterval", "Measurement", "AttributedString", "PersonNameComponents",
    // `String.Encoding`, as `extension String.Encoding { static let latin: Self = … }` names it.
    "Encoding",
  ]
  /// Generic value types of the standard library that hold what they are given: one holding an
  /// instance of a class shares that instance however often it is copied.
  static let standardContainers: Set<String> = ["Result", "Optional", "Array", "Dictionary", "Set"]
  /// Types whose identity is their meaning: code that holds one relies on there being only one
  /// (a lock, a queue, an event loop group, per-thread storage). A reset would hand new callers a
  /// second one while old callers still hold the first.
  static let identityTypes: [String: String] = [
    "NSLock": "a lock", "NSRecursiveLock": "a lock", "NSCondition": "a lock",
    "NSConditionLock": "a lock", "NIOLock": "a lock", "Lock": "a lock",
    "ConditionLock": "a lock", "NIOLockedValueBox": "a lock", "Mutex": "a lock",
    "DispatchQueue": "a queue", "OperationQueue": "a queue", "DispatchSemaphore": "a semaphore",
    "DispatchGroup": "a dispatch group", "MultiThreadedEventLoopGroup": "an event loop group",
    "NIOThreadPool": "a thread pool", "ThreadSpecificVariable": "per-thread storage",
    "ManagedAtomic": "an atomic", "ManagedAtomicLazyReference": "an atomic",
    "UnsafeAtomic": "an atomic",
  ]
  /// The last words of type names that say the same of a type the migrator has not met
  /// (`NIOTSEventLoopGroup`, an app's `WorkQueue` that a worker thread waits on, swift-system's
  /// thread-local storage key `_PlatformTLSKey`).
  static let identityNameEndings: [(ending: String, what: String)] = [
    ("EventLoopGroup", "an event loop group"), ("EventLoop", "an event loop"),
    ("ThreadPool", "a thread pool"), ("Lock", "a lock"),
    ("Mutex", "a lock"), ("Semaphore", "a semaphore"), ("Queue", "a queue"),
    ("Atomic", "an atomic"), ("TLSKey", "per-thread storage"), ("TLSStorage", "per-thread storage"),
    ("ThreadLocal", "per-thread storage"), ("ThreadLocalStorage", "per-thread storage"),
  ]

  /// What a type is whose identity is its meaning, by its name: a known type, a type of the
  /// target that conforms to an executor or event loop protocol, or a name that ends in a
  /// word such as `Lock` or `Queue`, or starts with `Atomic` (`AtomicCounter`, a once-flag).
  func identity(ofType name: String) -> String? {
    if let what = Self.identityTypes[name] ?? identityConformers[name] { return what }
    if let match = Self.identityNameEndings.first(where: { name.hasSuffix($0.ending) }) {
      return match.what
    }
    if name.hasPrefix("Atomic"), name.dropFirst(6).first?.isLowercase != true {
      return "an atomic"
    }
    return nil
  }

  /// Calls that stop the program when a check fails.
  static let stoppingCalls: Set<String> = [
    "precondition", "preconditionFailure", "fatalError", "assert", "assertionFailure",
  ]

  /// The call that stops the program in the `deinit` of the type whose body lies between two
  /// braces (`deinit { precondition(isShutDown) }`), if it has one.
  static func deinitStop(in tokens: [Token], from open: Int, to close: Int) -> String? {
    guard open < close, close <= tokens.count else { return nil }
    var depth = 0
    var index = open + 1
    while index < close {
      let token = tokens[index]
      if token.kind == .punctuation && token.text == "{" { depth += 1 }
      if token.kind == .punctuation && token.text == "}" { depth -= 1 }
      if depth == 0, token.kind == .identifier, token.text == "deinit", index + 1 < close,
        tokens[index + 1].text == "{"
      {
        var bodyDepth = 0
        var cursor = index + 1
        while cursor < close {
          let current = tokens[cursor]
          if current.kind == .punctuation && current.text == "{" { bodyDepth += 1 }
          if current.kind == .punctuation && current.text == "}" {
            bodyDepth -= 1
            if bodyDepth == 0 { break }
          }
          if current.kind == .identifier && stoppingCalls.contains(current.text) {
            return current.text
          }
          cursor += 1
        }
        index = cursor
      }
      index += 1
    }
    return nil
  }

  /// What a type is by what it conforms to: the executor of an actor, an event loop, an
  /// observer.
  static func identity(ofConformances inheritance: String) -> String? {
    let conformances: [(pattern: String, what: String)] = [
      (#"\b(Serial|Task)?Executor\b"#, "an executor"),
      (#"\bEventLoopGroup\b"#, "an event loop group"),
      (#"\bEventLoop\b"#, "an event loop"),
      // An observer registered once (`XCTestObservationCenter.addTestObserver`): the center
      // keeps calling the first instance.
      (#"\b\w*(Observation|Observer)\b(?!\.)"#, "an observer"),
    ]
    let match = conformances.first {
      inheritance.range(of: $0.pattern, options: .regularExpression) != nil
    }
    return match?.what
  }

  /// What a static or global stored property is, for the migrator.
  enum Classification: Equatable {
    /// A shared instance: its type, and the declaration's shape.
    case instance(String, SharedInstance.Shape)
    /// A candidate that is not boxed, and why.
    case skipped(SkippedCandidate.Verdict, String)
    /// Not a candidate: a constant, a literal, a reference to another instance, a box.
    case none
  }

  /// The shared instances, in file and line order; the candidates that are not boxed, each
  /// with the reason; and notes on what the migrator could not read.
  func sharedInstances() -> (
    instances: [SharedInstance], skipped: [SkippedCandidate], diagnostics: [Diagnostic]
  ) {
    var instances: [SharedInstance] = []
    var skipped: [SkippedCandidate] = []
    let diagnostics: [Diagnostic] = []
    for file in files {
      // A generated file is written again as it was by its generator: what is boxed there would
      // be lost, and what `--check` fails on there, no one can change by hand.
      let generatorNote = file.generatorNote
      for property in file.properties where property.isStatic || property.isGlobal {
        let container = property.container.last.map { $0.path.joined(separator: ".") }
        let qualified = container.map { "\($0).\(property.name)" } ?? property.name
        let comments = file.comments(around: property.line, through: property.endLine)
        let isAllowed =
          allowed.contains(qualified) || comments.contains { $0.contains(Self.allowMarker) }
        func skip(_ verdict: SkippedCandidate.Verdict, _ reason: String) {
          var (verdict, reason) = (verdict, reason)
          if verdict == .refused, let generatorNote {
            (verdict, reason) = (.leftAlone, Self.generatedReason(generatorNote))
          }
          skipped.append(
            SkippedCandidate(
              file: file.path,
              line: property.line,
              qualifiedName: qualified,
              verdict: verdict,
              reason: reason,
              isAllowed: isAllowed
            )
          )
        }
        if property.hasAccessors {
          if let (verdict, reason) = computedCandidate(property, in: file) { skip(verdict, reason) }
          continue
        }
        if property.attributes.contains(where: { $0.hasPrefix("@TaskLocal") }) {
          skip(
            .leftAlone,
            "a task-local value: each task sees its own, so there is no one instance to box "
              + "(tests bind it with `withValue`)"
          )
          continue
        }
        if property.name == "shared", let owner = property.container.last,
          owner.attributes.contains(where: { $0.hasPrefix("@globalActor") })
            || owner.inheritance.range(of: #"\bGlobalActor\b"#, options: .regularExpression) != nil
        {
          skip(
            .leftAlone,
            "the instance of the global actor @\(owner.name): every @\(owner.name) function is "
              + "isolated to this one actor, and a reset would let code on a new actor run while "
              + "code on the old one still does"
          )
          continue
        }
        let graphProperty = symbols?.property(
          named: property.name,
          fileName: (file.path as NSString).lastPathComponent,
          line: property.line
        )
        let (type, shape): (String, SharedInstance.Shape)
        switch classify(property, graphProperty: graphProperty) {
        case .none: continue
        case .skipped(let verdict, let reason):
          skip(verdict, reason)
          continue
        case .instance(let found, let foundShape): (type, shape) = (found, foundShape)
        }
        if let generatorNote {
          skip(.leftAlone, Self.generatedReason(generatorNote))
          continue
        }
        let base = Self.baseName(of: type)
        if property.bindsSeveral {
          skip(
            .refused,
            "it is declared with other names in one `let`: declare it on its own and run the "
              + "command again"
          )
          continue
        }
        if let unknown = property.attributes.first(where: { attribute in
          !Self.knownAttributes.contains(where: { attribute.hasPrefix($0) })
        }) {
          skip(
            .refused,
            "it has the attribute \(unknown), which a box cannot carry (a property wrapper or a "
              + "custom global actor): box it by hand (see \"Migrating existing singletons\")"
          )
          continue
        }
        // Facts about a nested type are looked up by its path where the target declares one:
        // two types may share the last name (swift-crypto's `SecureBytes.Backing` and a
        // `Sendable` `XWing.Backing`).
        let factName =
          declaredTypePaths.contains(Self.pathName(of: type)) ? Self.pathName(of: type) : base
        let isMainActor =
          property.attributes.contains("@MainActor")
          || property.container.contains { $0.isMainActor }
          || mainActorClassNames.contains(factName)
          || (graphProperty?.isMainActor ?? false) && !property.modifiers.contains("nonisolated")
        instances.append(
          SharedInstance(
            file: file.path,
            line: property.line,
            container: container,
            name: property.name,
            type: type,
            shape: shape,
            isMainActor: isMainActor,
            isAllowed: isAllowed,
            isSendable: sendableClassNames.contains(factName),
            declaration: property
          )
        )
        if isMainActor, classNames.contains(factName), !sendableClassNames.contains(factName),
          declaredTypeNames.contains(base) || declaredTypePaths.contains(factName)
        {
          instances[instances.count - 1].isolatesItsBoxOnly = true
        }
      }
    }
    // An instance another global or static captures when it is created: a reset would leave
    // that one holding the old instance beside the new.
    let captured = capturers(of: instances)
    instances.removeAll { instance in
      guard let capturer = captured[instance.qualifiedName] else { return false }
      skipped.append(
        SkippedCandidate(
          file: instance.file,
          line: instance.line,
          qualifiedName: instance.qualifiedName,
          verdict: .leftAlone,
          reason: "\(capturer) captures it when it is created: a reset would leave \(capturer) "
            + "holding the old instance while new callers get another",
          isAllowed: instance.isAllowed
        )
      )
      return true
    }
    return (instances, skipped, diagnostics)
  }

  /// Why a candidate of a generated file is left alone, with the header line that says so.
  static func generatedReason(_ note: String) -> String {
    "the file is generated (its header says \"\(note)\"): generating it again would write the "
      + "declaration as it was; change the generator, or replace the instance where the "
      + "generated code is used"
  }

  /// For each instance that the initializer of another global or static stored property
  /// mentions, that property's qualified name.
  func capturers(of instances: [SharedInstance]) -> [String: String] {
    var result: [String: String] = [:]
    guard !instances.isEmpty else { return result }
    for file in files {
      for property in file.properties
      where (property.isStatic || property.isGlobal) && !property.hasAccessors {
        guard let initializer = property.initializer else { continue }
        // An alias (`static let copy = Manager.shared`) is no capture the migrator judges: it
        // is a reference to the instance, left as it is.
        let trimmed = initializer.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.range(of: #"^[\w.`]+$"#, options: .regularExpression) == nil else { continue }
        let container = property.container.last.map { $0.path.joined(separator: ".") }
        let qualified = container.map { "\($0).\(property.name)" } ?? property.name
        for instance in instances
        where instance.qualifiedName != qualified && result[instance.qualifiedName] == nil {
          if Self.mentions(Self.evaluatedAtCreation(trimmed), instance, from: container) {
            result[instance.qualifiedName] = qualified
          }
        }
      }
    }
    return result
  }

  /// The part of an initializer that runs when the property is created: the body of an
  /// immediately called closure (`{ … }()`), or the expression, without the closures in it (a
  /// closure that a bootstrap calls later reads the property again, a box's current instance).
  static func evaluatedAtCreation(_ initializer: String) -> String {
    var text = Substring(initializer)
    if text.hasPrefix("{"), text.hasSuffix(")"),
      let close = text.lastIndex(of: "}"),
      text[text.index(after: close)...].filter({ !$0.isWhitespace }) == "()"
    {
      text = text[text.index(after: text.startIndex)..<close]
    }
    var result = ""
    var depth = 0
    for character in text {
      if character == "{" { depth += 1 }
      if depth == 0 { result.append(character) }
      if character == "}" && depth > 0 { depth -= 1 }
    }
    return result
  }

  /// Whether an initializer written in a container (nil: at file scope) names an instance:
  /// `Manager.shared` anywhere, `shared` or `Self.shared` in its own type, a global by its name.
  static func mentions(_ text: String, _ instance: SharedInstance, from container: String?) -> Bool
  {
    let name = NSRegularExpression.escapedPattern(for: instance.name)
    var patterns: [String] = []
    if let owner = instance.container {
      let base = NSRegularExpression.escapedPattern(for: baseName(of: owner))
      patterns.append(#"(?<![\w.])"# + base + #"\s*\.\s*"# + name + #"(?!\w)"#)
      if owner == container {
        patterns.append(#"(?<![\w.])(Self\s*\.\s*)?"# + name + #"(?!\w)"#)
      }
    } else {
      patterns.append(#"(?<![\w.])"# + name + #"(?!\w)"#)
    }
    return patterns.contains { text.range(of: $0, options: .regularExpression) != nil }
  }

  /// Whether a property is named as a singleton, or holds its own type
  /// (`extension DateFormatter { static let rfc822: DateFormatter }`).
  func isSingletonLike(_ property: PropertyDeclaration, type: String?) -> Bool {
    if Self.singletonNames.contains(property.name) { return true }
    guard let type, let owner = property.container.last else { return false }
    return Self.baseName(of: type) == owner.name
  }

  /// A computed static property that is a shared instance in another form: the Objective-C-era
  /// nested `Static` type, or a per-thread instance.
  func computedCandidate(
    _ property: PropertyDeclaration,
    in file: ScannedFile
  ) -> (SkippedCandidate.Verdict, String)? {
    guard property.end > property.start, property.end <= file.bytes.count else { return nil }
    let text = String(decoding: file.bytes[property.start..<property.end], as: UTF8.self)
    if ["threadDictionary", "pthread_getspecific", "ThreadSpecificVariable"].contains(where: {
      text.contains($0)
    }) {
      return (
        .leftAlone,
        "a per-thread instance (its getter reads the current thread's storage): each thread "
          + "has its own, so there is no one instance to box"
      )
    }
    let nestedStatic =
      text.range(
        of: #"\b(struct|enum|class)\s+\w+\s*\{[^{}]*\bstatic\s+(let|var)\s+\w+"#,
        options: .regularExpression
      ) != nil
    if nestedStatic {
      return (
        .refused,
        "a getter that returns a nested type's `static let` (the Objective-C-era `struct "
          + "Static` form): write it as `static let \(property.name) = …` (as lazy, and "
          + "thread-safe) and run the command again"
      )
    }
    return nil
  }

  /// The instance's type and the declaration's shape; or why a candidate is not boxed; or
  /// `.none` when the property is no candidate (a literal, a reference to another instance, a
  /// box).
  func classify(
    _ property: PropertyDeclaration,
    graphProperty: ModuleSymbols.Property?
  ) -> Classification {
    let initializer = property.initializer?.trimmingCharacters(in: .whitespacesAndNewlines)
    let annotation = property.type
    let texts = [annotation ?? "", initializer ?? ""]
    if texts.contains(where: isLibraryBox) { return .none }
    let shape: SharedInstance.Shape
    var inferred: String?
    if let initializer, initializer != "nil" {
      guard initializer.hasSuffix(")") || initializer.hasSuffix("}") else { return .none }
      if initializer.hasPrefix("{") {
        guard initializer.hasSuffix(")") else { return .none }
        shape = property.isLet ? .closure : .mutable
      } else {
        shape = property.isLet ? .call : .mutable
        inferred = Self.calledType(initializer)
      }
    } else {
      // Set once at start-up: an optional `var`, nil until the app sets it.
      guard !property.isLet, let annotation,
        annotation.hasSuffix("?") || annotation.hasSuffix("!")
      else { return .none }
      shape = .bootstrap
    }
    // The instance's type: what the initializer calls, or the annotation, or what the compiler
    // inferred.
    var type: String?
    var optional = false
    if let annotation {
      var base = annotation
      if base.hasSuffix("?") || base.hasSuffix("!") {
        optional = shape != .bootstrap
        base = String(base.dropLast()).trimmingCharacters(in: .whitespaces)
        if base.hasPrefix("("), base.hasSuffix(")") { base = String(base.dropFirst().dropLast()) }
      }
      type = base
    } else if let inferred {
      type = inferred
    } else if let graphProperty {
      type = graphProperty.type
    }
    // `Self` in a type's body is that type.
    if let owner = property.container.last?.name {
      if let written = type, Self.baseName(of: written) == "Self" { type = owner }
      if inferred.map(Self.baseName) == "Self" { inferred = owner }
    }
    guard let type, !type.isEmpty else {
      guard isSingletonLike(property, type: nil) else { return .none }
      return .skipped(
        .refused,
        "its type is not written and no symbol graph tells it: write it "
          + "(`static let \(property.name): Manager = …`) and run the command again"
      )
    }
    let base = Self.baseName(of: type)
    let instanceClass = inferred.map(Self.baseName) ?? base
    if let what = identity(ofType: base) ?? identity(ofType: instanceClass) {
      return .skipped(
        .leftAlone,
        "\(base) is \(what): code that holds it relies on there being one, and a reset "
          + "would hand new callers a second one while others still hold the first"
      )
    }
    if let stop = deinitStops[base] ?? deinitStops[instanceClass] {
      return .skipped(
        .leftAlone,
        "\(base)'s deinit stops the program (`\(stop)`) unless the instance was shut down "
          + "first: a reset, or the end of an override, would release it without that"
      )
    }
    let isClass =
      classNames.contains(base) || classNames.contains(instanceClass)
      || (graphProperty?.typeIsClass ?? false)
    guard isClass, !valueTypeNames.contains(base) || classNames.contains(instanceClass) else {
      if valueTypeNames.contains(base) || valueTypeNames.contains(instanceClass) {
        // A value constant of its own type (`static let about = Relation("about")`) is no
        // candidate; a value named as a singleton is.
        guard Self.singletonNames.contains(property.name) else { return .none }
        if Self.standardContainers.contains(base), type.contains("<") {
          return .skipped(
            .leftAlone,
            "a \(base) that holds the instance: a box of a class's instance is what the migrator "
              + "writes (`static let \(property.name) = Instance(…)`); box this one by hand "
              + "(`Resettable<\(type)>`) if tests must replace it"
          )
        }
        return .skipped(
          .leftAlone,
          "\(base) is a value type: every read is a copy, so there is no shared instance to "
            + "reset"
        )
      }
      guard isSingletonLike(property, type: type) else { return .none }
      return .skipped(
        .leftAlone,
        "the migrator cannot tell whether \(base) is a class (the target does not declare it): "
          + "if it is, pass --class \(base) (the plugin reads the symbol graph, which tells)"
      )
    }
    // An optional created at once (a failable initializer): a box of the optional.
    return .instance(optional ? "\(type)?" : type, shape)
  }

  /// Whether a declaration's type or initializer is a box of SharedInstances (an app type of
  /// the same name, which the target declares itself, is not).
  func isLibraryBox(_ text: String) -> Bool {
    Self.libraryTypes.contains { name in
      if text.hasPrefix("SharedInstances.\(name)") { return true }
      guard !declaredTypeNames.contains(name) else { return false }
      return text.hasPrefix(name) || text.contains("\(name)<")
    }
  }

  /// The type an initializer calls: `Manager` for `Manager(…)`, `Manager.init(…)`,
  /// `Outer.Manager(…)` or `Manager { … }`; nil for `.init(…)`, `make()`, `Manager.make()`.
  static func calledType(_ initializer: String) -> String? {
    var name = ""
    var index = initializer.startIndex
    while index < initializer.endIndex {
      let character = initializer[index]
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        name.append(character)
        index = initializer.index(after: index)
      } else if character == "<" {
        // Generic arguments: part of the type.
        var depth = 0
        while index < initializer.endIndex {
          let current = initializer[index]
          name.append(current)
          if current == "<" { depth += 1 }
          if current == ">" && !name.dropLast().hasSuffix("-") {
            depth -= 1
            if depth == 0 {
              index = initializer.index(after: index)
              break
            }
          }
          index = initializer.index(after: index)
        }
      } else {
        break
      }
    }
    if name.hasSuffix(".init") { name.removeLast(5) }
    // A type's name starts with a capital, after any underscores (`_StorageClass`).
    func isTypeName<S: StringProtocol>(_ text: S) -> Bool {
      text.drop { $0 == "_" }.first?.isUppercase ?? false
    }
    guard isTypeName(name) else { return nil }
    let last = name.split(separator: ".").last.map(String.init) ?? name
    guard isTypeName(last) else { return nil }
    // The call must be the whole expression: `Queue(label: "q").makeFuture { … }` is no `Queue`.
    guard isOneCall(initializer[index...]) else { return nil }
    return name
  }

  /// Whether text is nothing but a call's arguments and trailing closures: `(…)`, `{ … }`,
  /// `(…) { … }` (or nothing).
  static func isOneCall(_ text: Substring) -> Bool {
    var index = text.startIndex
    func skipSpaces() {
      while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
    }
    skipSpaces()
    while index < text.endIndex {
      guard text[index] == "(" || text[index] == "{" else { return false }
      var depth = 0
      var inString = false
      while index < text.endIndex {
        let character = text[index]
        if inString {
          if character == "\\" {
            index = text.index(after: index)
          } else if character == "\"" {
            inString = false
          }
        } else if character == "\"" {
          inString = true
        } else if "([{".contains(character) {
          depth += 1
        } else if ")]}".contains(character) {
          depth -= 1
        }
        if index < text.endIndex { index = text.index(after: index) }
        if depth == 0 && !inString { break }
      }
      guard depth == 0 else { return false }
      skipSpaces()
    }
    return true
  }

  /// A type's written path without `any`, `some` or generic arguments (`SecureBytes.Backing`).
  static func pathName(of type: String) -> String {
    var text = type.trimmingCharacters(in: .whitespaces)
    for prefix in ["any ", "some "] where text.hasPrefix(prefix) {
      text.removeFirst(prefix.count)
    }
    if let angle = text.firstIndex(of: "<") { text = String(text[..<angle]) }
    return text
  }

  /// `Manager` for `Manager`, `any Manager`, `Module.Manager`, `Cache<Key>`.
  static func baseName(of type: String) -> String {
    let path = pathName(of: type)
    return path.split(separator: ".").last.map(String.init) ?? path
  }

  /// Parameters whose default argument is one of `instances`: `manager: Manager = .shared` or
  /// `= Manager.shared`.
  func injections(of instances: [SharedInstance]) -> [DefaultArgumentInjection] {
    var byName: [String: [SharedInstance]] = [:]
    for instance in instances where instance.container != nil {
      byName[instance.name, default: []].append(instance)
    }
    guard !byName.isEmpty else { return [] }
    var result: [DefaultArgumentInjection] = []
    for file in files {
      let tokens = file.tokens
      var index = 0
      while index + 3 < tokens.count {
        defer { index += 1 }
        // `name : Type = .shared` or `= Type.shared`, inside parentheses.
        guard tokens[index].kind == .operator, tokens[index].text == "=" else { continue }
        var cursor = index + 1
        var typeName: String?
        if tokens[cursor].kind == .identifier, cursor + 2 < tokens.count,
          tokens[cursor + 1].text == "."
        {
          typeName = tokens[cursor].text
          cursor += 1
        }
        guard tokens[cursor].kind == .punctuation, tokens[cursor].text == ".",
          cursor + 1 < tokens.count, let candidates = byName[tokens[cursor + 1].text]
        else { continue }
        let end = cursor + 1
        // Back to the parameter's label: the `,` or `(` before it, through nothing but a
        // label, a name, a colon and a type.
        var start = index - 1
        var colon: Int?
        while start > 0, index - start < 12 {
          let previous = tokens[start - 1]
          if previous.kind == .punctuation && ["(", ","].contains(previous.text) { break }
          if tokens[start].text == ":" { colon = start }
          let token = tokens[start]
          let allowed =
            token.kind == .identifier
            && !["let", "var", "return", "if", "guard"].contains(token.text)
            || token.kind == .attribute
            || (token.kind == .punctuation && [":", "."].contains(token.text))
            || (token.kind == .operator && ["?", "!", "<", ">"].contains(token.text))
          guard allowed else {
            colon = nil
            break
          }
          start -= 1
        }
        guard let colon, start > 0, tokens[start - 1].kind == .punctuation,
          ["(", ","].contains(tokens[start - 1].text)
        else { continue }
        let parameterType = tokens[(colon + 1)..<index].map(\.text).joined()
        let owner =
          typeName ?? Self.baseName(of: parameterType.replacingOccurrences(of: "?", with: ""))
        guard
          let instance = candidates.first(where: {
            ($0.container.map { Self.baseName(of: $0) } ?? "") == owner
          })
        else { continue }
        let bytes = file.bytes
        result.append(
          DefaultArgumentInjection(
            file: file.path,
            line: tokens[start].line,
            text: String(decoding: bytes[tokens[start].start..<tokens[end].end], as: UTF8.self),
            instance: instance.qualifiedName
          )
        )
      }
    }
    return result
  }
}
