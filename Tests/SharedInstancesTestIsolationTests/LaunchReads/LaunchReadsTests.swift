import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// `SharedScope.launchReads` in a process whose tests already began: a box whose process-wide
/// instance is made outside every isolated test joins the list, once. (The launch itself, before
/// any test, and `resetLaunchReads()`, which would reset the process-wide state other tests of
/// this process use, are tested in a process of their own: `HostedTestBundleTests`.)
@Suite struct LaunchReadsTests {
  @Test func aBoxFirstReadOutsideEveryIsolatedTestIsListedOnceAtItsDeclaration() throws {
    _ = LaunchReadBoxes.readOutside.value
    _ = LaunchReadBoxes.readOutside.value
    let reads = Self.reads(of: "LaunchReadBoxes.readOutside")
    let read = try #require(reads.first)
    #expect(reads.count == 1)
    #expect(read.firstUse == "read")
    #expect(read.sharedTypeName == "String")
    #expect(read.fileID == LaunchReadBoxes.declaredIn)
    #expect(read.line == LaunchReadBoxes.readOutsideLine)
    #expect(read.boxDescription.hasPrefix("LaunchReadBoxes.readOutside (Resettable<String>"))
    #expect(read.description.contains(": read, process-wide, "))
  }

  @Test func aSetOutsideEveryIsolatedTestIsListedAtItsCall() throws {
    let line = #line + 1
    LaunchReadBoxes.setOutside.set("installed")
    let read = try #require(Self.reads(of: "LaunchReadBoxes.setOutside").first)
    #expect(read.firstUse == "set(_:)")
    #expect(read.fileID == "SharedInstancesTestIsolationTests/LaunchReadsTests.swift")
    #expect(read.line == line)
    #expect(read.description.contains(": set(_:) at SharedInstancesTestIsolationTests/"))
  }

  @Test func aWithOverrideAndAResetAreNotListed() {
    LaunchReadBoxes.neverListed.withOverride("double") {
      #expect(LaunchReadBoxes.neverListed.currentValue == "double")
    }
    LaunchReadBoxes.neverListed.reset()
    #expect(Self.reads(of: "LaunchReadBoxes.neverListed").isEmpty)
  }

  @Test(.isolatedShared) func anIsolatedTestsReadsAreNotListed() {
    _ = LaunchReadBoxes.readInIsolation.value
    LaunchReadBoxes.readInIsolation.override(with: "double")
    #expect(Self.reads(of: "LaunchReadBoxes.readInIsolation").isEmpty)
    #expect(SharedScope.current.touchedInstances.map(\.name) == ["LaunchReadBoxes.readInIsolation"])
  }

  @Test(.isolatedShared) func aReadFromAThreadNoTestStartedIsListed() async throws {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread {
        _ = LaunchReadBoxes.readOnThread.value
        done.resume()
      }.start()
    }
    let read = try #require(Self.reads(of: "LaunchReadBoxes.readOnThread").first)
    #expect(!read.isBeforeFirstIsolatedTest)  // this test's scope was open
    #expect(read.testName == nil)
    #expect(read.description.hasSuffix("process-wide, outside every isolated test"))
  }

  @Test func theListKeepsNoBoxAliveAndDropsReleasedOnes() {
    weak var releasedBox: Resettable<NSObject>?
    weak var releasedInstance: NSObject?
    do {
      let box = Resettable<NSObject>(name: "LaunchReadBoxes.temporary") { NSObject() }
      releasedBox = box
      releasedInstance = box.value
      #expect(Self.reads(of: "LaunchReadBoxes.temporary").count == 1)
    }
    #expect(releasedBox == nil)
    // Another test that creates a box or lists the reads at this moment loads the record's weak
    // slot into a strong reference for as long as its check takes: the instance may outlive the
    // box by that moment, never for good.
    #expect(Self.released({ releasedInstance }, within: TimeLimits.waitSeconds))
    #expect(Self.reads(of: "LaunchReadBoxes.temporary").isEmpty)
  }

  @Test func threadsMakingOneInstanceAtOnceListItOnce() {
    DispatchQueue.concurrentPerform(iterations: 16) { index in
      _ = LaunchReadBoxes.readByManyThreads.value
      LaunchReadBoxes.setByManyThreads.set("thread \(index)")
    }
    #expect(Self.reads(of: "LaunchReadBoxes.readByManyThreads").count == 1)
    #expect(Self.reads(of: "LaunchReadBoxes.setByManyThreads").count == 1)
  }

  // MARK: - Fixtures

  /// Whether `instance` reads nil within `seconds`, checked every millisecond.
  static func released(_ instance: () -> AnyObject?, within seconds: Double) -> Bool {
    let deadline = DispatchTime.now() + seconds
    while instance() != nil {
      if DispatchTime.now() >= deadline { return false }
      usleep(1_000)
    }
    return true
  }

  static func reads(of name: String) -> [LaunchRead] {
    SharedScope.launchReads.filter { $0.name == name }
  }
}

private enum LaunchReadBoxes {
  static let declaredIn = "SharedInstancesTestIsolationTests/LaunchReadsTests.swift"
  static let readOutsideLine = #line + 1
  static let readOutside = Resettable<String>(name: "LaunchReadBoxes.readOutside") { "real" }
  static let setOutside = Resettable<String>.empty(name: "LaunchReadBoxes.setOutside")
  static let neverListed = Resettable<String>(name: "LaunchReadBoxes.neverListed") { "real" }
  static let readInIsolation = Resettable<String>(name: "LaunchReadBoxes.readInIsolation") {
    "real"
  }
  static let readOnThread = Resettable<String>(name: "LaunchReadBoxes.readOnThread") { "real" }
  static let readByManyThreads = Resettable<String>(name: "LaunchReadBoxes.readByManyThreads") {
    "real"
  }
  static let setByManyThreads = Resettable<String>.empty(name: "LaunchReadBoxes.setByManyThreads")
}
