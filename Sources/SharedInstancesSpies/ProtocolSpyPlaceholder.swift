import Foundation
import SharedInstances
import Testing

/// A spy that stands as the placeholder of the protocol it implements: where a test reads a
/// value of that protocol that nothing provided, it is served a fresh spy.
///
/// `generate-spies` declares this conformance on every spy it writes (main-actor ones
/// included, `nonisolated`); no test writes a line for it. For a generic spy it writes a
/// companion class, `<Spy>Placeholder`, that makes the spy specialized with `Int` (where `Int`
/// meets the associated types' constraints). A `.required` box of the protocol read in
/// an isolated test without an override, an empty box with no default, or a spy's unstubbed
/// call returning the protocol then fails the test and goes on with a fresh spy, instead of
/// stopping the process. A hand-written spy can declare it too:
///
/// ```swift
/// extension WeatherSpy: ProtocolSpyPlaceholder {
///   static var spiedProtocol: Any.Type { (any Weather).self }
///   static func makePlaceholderSpy() -> Any { WeatherSpy() }
/// }
/// ```
///
/// The spy is found by name, at run time, the first time a placeholder of the protocol is
/// needed: `<Module>.<Protocol's path without dots>Spy` (`AppTests.WeatherSpy` for
/// `App.Weather`), else the same name followed by `Placeholder` (`AppTests.WeatherSpyPlaceholder`:
/// a name lookup cannot find a generic class), in the module of the running Swift Testing test,
/// in a module where a spy was created before, or in `<protocol's module>Tests`. Declare it in
/// one of them, with the generated name, and make it internal or public.
public protocol ProtocolSpyPlaceholder: AnyObject {
  /// The protocol the spy implements, as an existential type: `(any Weather).self`.
  static var spiedProtocol: Any.Type { get }
  /// A fresh spy, with nothing recorded or stubbed.
  static func makePlaceholderSpy() -> Any
}

/// Finds the spies that stand as placeholders of their protocols (``ProtocolSpyPlaceholder``).
enum ProtocolSpies {
  private struct State {
    /// Modules where spies were created: where generated spies live.
    var modules: [String] = []
    /// The spy type found for a protocol, or nil when none was, by the protocol.
    var found: [ObjectIdentifier: Any.Type?] = [:]
  }

  private static let state = Protected(State())

  /// Notes the module of a spy type, where other generated spies are likely to be.
  static func noteModule(of type: Any.Type) {
    let name = String(reflecting: type)
    guard let dot = name.firstIndex(of: ".") else { return }
    let module = String(name[..<dot])
    state.withLock { state in
      if !state.modules.contains(module) { state.modules.append(module) }
    }
  }

  /// A fresh spy for `type`, if it is a protocol's existential with a spy that declares
  /// ``ProtocolSpyPlaceholder``.
  static func spy(for type: Any.Type) -> Any? {
    let key = ObjectIdentifier(type)
    let testModule = Test.current?.sourceLocation.moduleName
    if let known = state.withLock({ $0.found[key] }), testModule == nil || known != nil {
      return (known as? any ProtocolSpyPlaceholder.Type)?.makePlaceholderSpy()
    }
    let name = String(reflecting: type)
    let parts = name.split(separator: ".").map(String.init)
    guard parts.count >= 2, !name.contains("<"), !name.contains("("), !name.contains(" ")
    else { return nil }
    let spyName = parts.dropFirst().joined() + "Spy"
    var modules = state.withLock { $0.modules }
    if let testModule { modules.insert(testModule, at: 0) }
    modules.append(parts[0] + "Tests")
    var found: (any ProtocolSpyPlaceholder.Type)?
    // A generic spy is found through its companion: a name names no generic class.
    search: for module in modules {
      for name in [spyName, spyName + "Placeholder"] {
        if let candidate = _typeByName("\(module).\(name)") as? any ProtocolSpyPlaceholder.Type,
          candidate.spiedProtocol == type
        {
          found = candidate
          break search
        }
      }
    }
    let stored: Any.Type? = found
    state.withLock { $0.found[key] = stored }
    return found?.makePlaceholderSpy()
  }
}
