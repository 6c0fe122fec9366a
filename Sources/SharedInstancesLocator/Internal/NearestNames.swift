import SharedInstances

/// Orders registered keys by how near they are to a key that was asked for and not found, so
/// that a near miss heads the list in the error.
enum _NearestNames {
  /// One registered key, and whether its created service is an instance of the type asked for.
  struct Candidate {
    let name: ServiceName
    let isInstanceOfRequestedType: Bool
  }

  /// `candidates`' names, nearest to `requested` first: services that are instances of the type
  /// asked for (registered as another type, such as the class behind a protocol), then keys of
  /// the same kind (a type for a type, a name for a name) whose text contains the other's or is
  /// a few edits away, then the rest in registration order.
  static func ordered(_ candidates: [Candidate], nearest requested: ServiceName) -> [ServiceName] {
    let target = simpleName(requested)
    let ranked = candidates.enumerated().map { index, candidate in
      let text = simpleName(candidate.name)
      let sameKind = (candidate.name.name == nil) == (requested.name == nil)
      let contains = sameKind && (contains(text, target) || contains(target, text))
      let distance = sameKind ? editDistance(text, target) : Int.max
      return (
        rank: (
          candidate.isInstanceOfRequestedType ? 0 : 1,
          contains ? 0 : 1,
          distance,
          index
        ),
        name: candidate.name
      )
    }
    return ranked.sorted { $0.rank < $1.rank }.map(\.name)
  }

  /// A type's name without its module and enclosing types (`NetworkClient`), or a name as is.
  static func simpleName(_ name: ServiceName) -> String {
    if let string = name.name { return string.lowercased() }
    let full = name.description
    // The last dotted component outside generic arguments: `Swift.Array<App.Item>` → `Array`.
    let head = full.split(separator: "<", maxSplits: 1).first.map(String.init) ?? full
    return (head.split(separator: ".").last.map(String.init) ?? head).lowercased()
  }

  /// Whether `text` contains `part`, compared by `Character`, as `String.contains(_:)` does;
  /// that method (of _StringProcessing) needs macOS 13 / iOS 16, above the core's minimum.
  static func contains(_ text: String, _ part: String) -> Bool {
    let text = Array(text)
    let part = Array(part)
    guard part.count <= text.count else { return false }
    return (0...(text.count - part.count)).contains { start in
      text[start..<(start + part.count)].elementsEqual(part)
    }
  }

  /// The Levenshtein distance between two short strings.
  static func editDistance(_ left: String, _ right: String) -> Int {
    let left = Array(left)
    let right = Array(right)
    if left.isEmpty { return right.count }
    if right.isEmpty { return left.count }
    var previous = Array(0...right.count)
    var current = [Int](repeating: 0, count: right.count + 1)
    for i in 1...left.count {
      current[0] = i
      for j in 1...right.count {
        let substitution = previous[j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[right.count]
  }
}
