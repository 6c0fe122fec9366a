extension SpyGenerator.Output {
  /// Drops the spies the compiler rejected (see ``SpyVerifier``), each with a diagnostic that
  /// names its protocol, the compiler's error and the way out; every other spy stays.
  ///
  /// ```swift
  /// var output = try generator.generate(symbolGraph: data)
  /// output.dropSpies(failing: try verifier.failures(in: output.files), named: ["Clock"])
  /// ```
  ///
  /// - Parameters:
  ///   - failures: The failing files' names, each with the compiler's first error.
  ///   - protocols: The protocols and classes named with `--protocol` and `--class`: a failing
  ///     spy of one of them is an error (the run fails), of any other a warning.
  public mutating func dropSpies(failing failures: [String: String], named protocols: [String]) {
    guard !failures.isEmpty else { return }
    files.removeAll { failures[$0.name] != nil }
    let named = Set(protocols.map { $0 + "Spy.swift" })
    for (file, error) in failures.sorted(by: { $0.key < $1.key }) {
      diagnostics.append(
        SpyGenerator.doesNotCompile(file: file, error: error, named: named.contains(file))
      )
    }
  }

  /// Whether the run fails (exit status 1): a protocol or class named with `--protocol` or
  /// `--class` got no spy. A protocol found by itself that gets no spy is only a warning, so
  /// that one protocol never keeps the others' spies from being written.
  ///
  /// ```swift
  /// exit(output.failsTheRun ? 1 : 0)
  /// ```
  public var failsTheRun: Bool { diagnostics.contains { $0.severity == .error } }
}
