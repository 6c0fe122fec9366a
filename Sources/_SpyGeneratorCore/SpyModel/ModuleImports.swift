/// The modules a spy imports for the types its protocol's declarations mention.
///
/// The symbol graph gives each type in a declaration its precise identifier, a USR such as
/// `s:7NIOCore10ByteBufferV`: a Swift USR starts with its module's name, length first (`7NIOCore`),
/// or with `s`/`S` for the standard library. A spy imports every module named so but the
/// standard library, Foundation (always imported) and the protocol's own module. The URL loading
/// types live in `FoundationNetworking` on Linux and in `Foundation` on Apple platforms, where
/// the other module does not exist: a spy that mentions them imports it under
/// `#if canImport(FoundationNetworking)`, whichever platform the graph was extracted on.
enum ModuleImports {
  /// The module a Swift USR names first, or nil for the standard library, a C or Objective-C
  /// declaration, or a USR it cannot read.
  static func module(ofUSR usr: String) -> String? {
    guard usr.hasPrefix("s:") else { return nil }
    var characters = usr.dropFirst(2)
    var length = 0
    while let digit = characters.first?.wholeNumberValue, characters.first?.isASCII == true {
      length = length * 10 + digit
      characters = characters.dropFirst()
    }
    guard length > 0, characters.count >= length else { return nil }
    return String(characters.prefix(length))
  }

  /// Modules a spy never imports by name: the standard library's, and Foundation's parts, which
  /// `import Foundation` brings.
  static let implicit: Set = [
    "Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials",
    "FoundationInternationalization", "FoundationNetworking", "SwiftShims",
    "_SwiftConcurrencyShims",
  ]

  /// The types of the URL loading system, in `FoundationNetworking` on Linux.
  static let networkingTypes: Set = [
    "URLRequest", "NSURLRequest", "NSMutableURLRequest", "URLResponse", "HTTPURLResponse",
    "URLSession", "URLSessionTask", "URLSessionDataTask", "URLSessionUploadTask",
    "URLSessionDownloadTask", "URLSessionStreamTask", "URLSessionWebSocketTask",
    "URLSessionConfiguration", "URLSessionDelegate", "URLSessionTaskDelegate",
    "URLSessionDataDelegate", "URLSessionDownloadDelegate", "URLSessionTaskMetrics",
    "URLCache", "CachedURLResponse", "HTTPCookie", "HTTPCookieStorage", "URLCredential",
    "URLCredentialStorage", "URLProtectionSpace", "URLAuthenticationChallenge", "URLProtocol",
    "URLSessionWebSocketDelegate",
  ]

  /// What one symbol's declaration needs: the modules of the types it mentions, and whether it
  /// mentions a type of the URL loading system.
  static func needs(
    of symbol: SymbolGraph.Symbol
  ) -> (modules: Set<String>, networking: Bool) {
    var modules: Set<String> = []
    var networking = false
    for fragment in symbol.declarationFragments ?? [] {
      if let usr = fragment.preciseIdentifier, let module = module(ofUSR: usr) {
        if module == "FoundationNetworking" { networking = true }
        if !implicit.contains(module) { modules.insert(module) }
      }
      if fragment.kind == "typeIdentifier" || fragment.kind == "text" {
        let words = fragment.spelling.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        if words.contains(where: { networkingTypes.contains(String($0)) }) { networking = true }
      }
    }
    return (modules, networking)
  }
}
