import Foundation

/// Writes one line of progress to standard error, so standard output keeps only the report.
func printToStandardError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
