/// Writes one line to standard error (unbuffered, so it survives a crash that follows).
package func printToStandardError(_ message: String) {
  var line = message
  if !line.hasSuffix("\n") { line += "\n" }
  line.withCString { _Platform.writeToStandardError($0) }
}
