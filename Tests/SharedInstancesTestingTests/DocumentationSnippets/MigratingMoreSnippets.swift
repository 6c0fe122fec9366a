import Foundation
import SharedInstances
import SharedInstancesSystem
import SharedInstancesTesting
import TestSupport
import Testing

/// MigratingExistingSingletons.md: a system singleton (`NotificationCenter.default`) and a
/// "bootstrap once" check.
extension Docs {
  @Suite(TimeLimits.waiting) struct MigratingMoreSnippets {
    // MARK: NotificationCenter.default

    /// "Each test posts to a center of its own": tests running in parallel never receive each
    /// other's notifications, with nothing declared.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.isolatedShared, arguments: 1...8) @MainActor
    func showsTheCartCount(count: Int) async throws {
      let badge = CartBadge()  // observes this test's own center
      SystemBoxes.notificationCenter.value.post(
        name: .cartDidChange,
        object: nil,
        userInfo: ["count": count]
      )
      try await Task.sleep(for: .milliseconds(Int.random(in: 1...5)))
      #expect(badge.count == count)
    }

    @Test(.isolatedShared) @MainActor func theDefaultCenterHearsNothing() {
      let heard = Heard()
      let observer = NotificationCenter.default.addObserver(
        forName: .cartDidChange,
        object: nil,
        queue: nil
      ) { _ in heard.mark() }
      defer { NotificationCenter.default.removeObserver(observer) }
      SystemBoxes.notificationCenter.value.post(
        name: .cartDidChange,
        object: nil,
        userInfo: ["count": 1]
      )
      #expect(!heard.wasMarked)
    }

    @Test @MainActor func theAppPostsToTheDefaultCenter() {
      #expect(SystemBoxes.notificationCenter.value === NotificationCenter.default)
    }

    // MARK: Bootstrap once

    @Test(.isolatedShared) func bootstrappingInstallsTheHandler() {
      #expect(LoggingSystem.current is PrintLogHandler)  // before the bootstrap: the default
      let memory = MemoryLogHandler()
      LoggingSystem.bootstrap(memory)
      #expect(LoggingSystem.current as AnyObject === memory)
    }

    #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
      @Test func bootstrappingTwiceStopsTheProgram() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          SharedScope.leaveExitTestIsolation()  // the program, not a test
          LoggingSystem.bootstrap(MemoryLogHandler())
          LoggingSystem.bootstrap(MemoryLogHandler())
        }.map { result in
          let message = String(decoding: result.standardErrorContent, as: UTF8.self)
          #expect(message.contains("LoggingSystem.handler (BootstrapOnce<LogHandler>, declared at"))
          #expect(message.contains("can only be bootstrapped once per process"))
        }
      }
    #endif

    @Test func aStrictTestThatForgotToBootstrapFails() {
      withKnownIssue {
        withIsolatedShared(.strict) { _ = LoggingSystem.current }
      } matching: { issue in
        issue.comments.description.contains(
          "Bootstrap LoggingSystem.handler in the test, the way the program bootstraps it"
        )
      }
    }
  }

  // MARK: - Fixtures

  @MainActor final class CartBadge {
    private(set) var count = 0
    private var observer: (any NSObjectProtocol)?

    init() {
      observer = SystemBoxes.notificationCenter.value.addObserver(
        forName: .cartDidChange,
        object: nil,
        queue: nil
      ) { [weak self] note in
        let count = note.userInfo?["count"] as? Int ?? 0
        MainActor.assumeIsolated { self?.count = count }  // posted on the main actor
      }
    }
  }

  final class Heard: @unchecked Sendable {
    // @unchecked: `marked` is only touched while `lock` is held.
    private let lock = NSLock()
    private var marked = false
    func mark() {
      lock.lock()
      marked = true
      lock.unlock()
    }
    var wasMarked: Bool {
      lock.lock()
      defer { lock.unlock() }
      return marked
    }
  }

  protocol LogHandler: Sendable {
    func log(_ message: String)
  }

  final class PrintLogHandler: LogHandler {
    func log(_ message: String) { print(message) }
  }

  final class MemoryLogHandler: LogHandler {
    func log(_ message: String) {}
  }

  enum LoggingSystem {
    static let handler = BootstrapOnce<any LogHandler>(
      name: "LoggingSystem.handler"
    ) { PrintLogHandler() }

    static func bootstrap(
      _ handler: any LogHandler,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) {
      self.handler.bootstrap(
        handler,
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      )
    }

    static var current: any LogHandler { handler.value }
  }
}

extension Notification.Name {
  static let cartDidChange = Notification.Name("CartDidChange")
}
