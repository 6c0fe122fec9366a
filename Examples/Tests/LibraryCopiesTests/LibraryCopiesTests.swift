import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Dynamic libraries and their loading by path, as Linux and macOS have them.
#if os(Linux) || os(macOS)
  /// Two copies of SharedInstances in one process are two registries, where a test's override
  /// is never seen through the other copy: the library reports the second copy when it loads,
  /// naming both images, and a debug build stops there.
  @Suite struct LibraryCopiesTests {
    @Test func aSecondCopyIsReportedNamingBothImages() async throws {
      let first = Built.library("CopyInLibraryA")
      let second = Built.library("CopyInLibraryB")
      let result = try await Built.run("load-libraries", [first, second])
      #expect(result.status != 0)
      #expect(result.standardError.contains("2 copies of the library are loaded"))
      #expect(result.standardError.contains("  \(first)\n"))
      #expect(result.standardError.contains("  \(second) (the copy loading now)\n"))
      // The debug build stops before the second copy is used.
      #expect(result.standardOutput == "loaded \(first)\n")
    }

    @Test func oneCopyIsNotReported() async throws {
      let result = try await Built.run("load-libraries", [Built.library("CopyInLibraryA")])
      #expect(result.status == 0)
      #expect(result.standardError == "")
    }

    @Test func aLibraryLoadedIntoAProgramWithItsOwnCopyIsReported() async throws {
      // This test process holds a copy, as an app that links the library does; loading a
      // framework with another copy stops it, so the load happens in an exit test's child.
      let library = Built.library("CopyInLibraryA")
      let result = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) { [library = library as String] in
        _ = dlopen(library, RTLD_NOW | RTLD_LOCAL)
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("  \(library) (the copy loading now)\n"))
      #expect(message.contains("2 copies of the library are loaded"))
    }
  }

  /// The Examples' built products, beside the test binary.
  enum Built {
    static let folder: URL = {
      var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent()
      // On macOS the tests run inside a bundle: …/debug/X.xctest/Contents/MacOS/X.
      while folder.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
        folder = folder.deletingLastPathComponent()
      }
      return folder
    }()

    static func library(_ name: String) -> String {
      #if os(macOS)
        folder.appendingPathComponent("lib\(name).dylib").path
      #else
        folder.appendingPathComponent("lib\(name).so").path
      #endif
    }

    struct Result: Sendable {
      var status: Int32
      var standardOutput: String
      var standardError: String
    }

    /// Runs the built executable `name` with `arguments` and waits for it.
    static func run(_ name: String, _ arguments: [String]) async throws -> Result {
      let process = Process()
      process.executableURL = folder.appendingPathComponent(name)
      process.arguments = arguments
      let output = Pipe()
      let error = Pipe()
      process.standardOutput = output
      process.standardError = error
      try process.run()
      // Read to the end before waiting, so that a full pipe cannot stall the child.
      async let out = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }.value
      async let err = Task.detached { error.fileHandleForReading.readDataToEndOfFile() }.value
      let (outData, errData) = await (out, err)
      process.waitUntilExit()
      return Result(
        status: process.terminationStatus,
        standardOutput: String(decoding: outData, as: UTF8.self),
        standardError: String(decoding: errData, as: UTF8.self)
      )
    }
  }
#endif
