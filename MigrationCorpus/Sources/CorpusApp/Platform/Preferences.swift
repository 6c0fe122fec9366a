import Foundation

/// The user's preferences.
public final class Preferences: @unchecked Sendable {
  // @unchecked: `values` is only touched while `lock` is held.
  private let lock = NSLock()
  private var values: [String: String] = [:]

  public static let shared = Preferences()

  public init() {}

  public func string(_ key: String) -> String? { lock.withLock { values[key] } }

  public func set(_ value: String, for key: String) { lock.withLock { values[key] = value } }
}

/// The settings screen keeps the preferences it edits: the instance is used as a value.
public final class SettingsScreen: @unchecked Sendable {
  // @unchecked: set once in init.
  let preferences: Preferences

  public init() {
    preferences = Preferences.shared
  }

  public func toggleDarkMode() {
    let current = preferences.string("darkMode") == "on"
    preferences.set(current ? "off" : "on", for: "darkMode")
  }
}

/// A full-text index of the articles, read with a subscript.
public final class SearchIndex: @unchecked Sendable {
  // @unchecked: `index` is only touched while `lock` is held.
  private let lock = NSLock()
  private var index: [String: [Int]] = [:]

  public static let shared = SearchIndex()

  public init() {}

  public func add(_ id: Int, words: [String]) {
    lock.withLock {
      for word in words { index[word.lowercased(), default: []].append(id) }
    }
  }

  public subscript(word: String) -> [Int] {
    lock.withLock { index[word.lowercased()] ?? [] }
  }
}

/// Searches the index.
public func search(_ word: String) -> [Int] {
  SearchIndex.shared[word]
}
