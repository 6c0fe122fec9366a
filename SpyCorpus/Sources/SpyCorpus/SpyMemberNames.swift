// Requirements named like members of `Spy`: the spy still inherits from `Spy`, overrides the
// members whose name and type a requirement has, and declares the others beside them.

/// A journal whose requirements share their names with `Spy`'s members.
public protocol Journal: Sendable {
  var name: String { get set }
  var description: String { get }
  func reset()
  func record(event: String)
  func calls() -> Int
  func keep<Value>(_ value: Value, as name: String)
  func flush(completion: @escaping @Sendable (Bool) -> Void)
  static func reset()
}
