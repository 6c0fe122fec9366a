import Foundation

/// Runs a toolchain program (`swiftc`, `swift-symbolgraph-extract`) and returns what it printed,
/// standard output and error together, for the stages that read its answer or its errors.
struct ToolProcess {
  /// A program that could not be started.
  struct Failure: Swift.Error, CustomStringConvertible {
    let description: String
  }

  /// The program; `/usr/bin/env` to find the first argument on `PATH`.
  let executable: URL

  /// What the program printed, once it exited.
  ///
  /// - Parameters:
  ///   - arguments: Its arguments.
  ///   - name: The program's name, for the error.
  /// - Throws: ``Failure`` when it cannot be started.
  func output(_ arguments: [String], name: String) throws(Failure) -> String {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do {
      try process.run()
    } catch {
      throw Failure(description: "generate-spies could not run \(name): \(error)")
    }
    // Read to the end before waiting: a program that fills the pipe waits for a reader.
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
