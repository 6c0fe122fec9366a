import _SharedInstancesShims

/// Writes one line to standard error (unbuffered, so it survives a crash that follows).
package func printToStandardError(_ message: String) {
  var line = message
  if !line.hasSuffix("\n") { line += "\n" }
  line.withCString { si_write_standard_error($0) }
}
