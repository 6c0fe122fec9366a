import Dispatch

extension Array where Element: Sendable {
  /// `map(transform)` on every core, in order: the generator renders (and writes) thousands of
  /// independent spies, each from read-only inputs, and the verifier runs one compiler a core.
  ///
  /// ```swift
  /// let lengths = names.concurrentMap { $0.count }
  /// ```
  ///
  /// - Parameters:
  ///   - evenFew: Whether a few elements are worth a thread each (each runs a process); by
  ///     default up to 64 are mapped on the calling thread.
  ///   - transform: What each element becomes.
  func concurrentMap<T: Sendable>(
    evenFew: Bool = false,
    _ transform: @Sendable (Element) -> T
  ) -> [T] {
    guard count > (evenFew ? 1 : 64) else { return map(transform) }
    let results = ResultSlots<T>(count: count)
    let elements = self
    withoutActuallyEscaping(transform) { transform in
      DispatchQueue.concurrentPerform(iterations: elements.count) { index in
        results.store(transform(elements[index]), at: index)
      }
    }
    return results.values
  }
}

/// One slot per iteration of a `concurrentPerform`.
private final class ResultSlots<T>: @unchecked Sendable {
  // @unchecked: each slot is written by exactly one iteration, and read only after
  // `concurrentPerform` returned, which orders every write before the read.
  private let slots: UnsafeMutablePointer<T?>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil, count: count)
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  func store(_ value: T, at index: Int) { slots[index] = value }

  var values: [T] { (0..<count).map { slots[$0]! } }
}
