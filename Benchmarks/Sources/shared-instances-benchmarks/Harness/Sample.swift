/// The repetitions of one benchmark, in nanoseconds per operation.
struct Sample: Sendable {
  /// Every repetition, sorted.
  let values: [Double]

  init(_ values: [Double]) {
    precondition(!values.isEmpty, "a sample needs at least one repetition")
    self.values = values.sorted()
  }

  /// The median repetition: what the table shows.
  var median: Double {
    let middle = values.count / 2
    return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
  }

  var minimum: Double { values[0] }
  var maximum: Double { values[values.count - 1] }
}
