import Foundation
import SharedInstances
import SharedInstancesTesting
import Testing

/// Records written and checked by a recorder, in a temporary folder: missing, equal, each kind
/// of difference, the record modes, and tests writing records in parallel.
@Suite struct DependencyRecorderTests {
  /// A fresh folder for one test's records.
  private static func folder() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("si-records-\(UUID().uuidString)").path
  }

  /// Runs `body` in an isolated scope whose dependencies go to a recorder of `path`, and
  /// returns the recorder's verdict.
  private static func record(
    _ path: String,
    _ recording: DependencyRecording? = nil,
    environment: [String: String] = [:],
    _ body: () -> Void
  ) -> String? {
    SharedInstancesEnvironment.withValues(environment) {
      let recorder = DependencyRecorder(
        testName: "showsProfile()",
        recordPath: path,
        recording: recording
      )
      DependencyRecorder.$current.withValue(recorder) { withIsolatedShared { body() } }
      return recorder.finish()
    }
  }

  private static func readsProfileWithFakeNetwork() {
    DependencyBoxes.network.override(with: DepNetwork("fake"))
    _ = DependencyBoxes.profile.value
  }

  private static let profileRecord = """
    # Shared instances touched by showsProfile() (re-record: SHARED_INSTANCES_RECORD=all)
    Resettable<DepNetwork> in SharedInstancesDependencyMapTests/DependencyFixtures.swift: overrides, \
    reads the override
    Resettable<DepProfile> in SharedInstancesDependencyMapTests/DependencyFixtures.swift: reads the \
    real instance

    """

  @Test func aMissingRecordIsWrittenAndFailsTheTest() throws {
    let path = Self.folder() + "/Suite/showsProfile.txt"
    let verdict = Self.record(path) { Self.readsProfileWithFakeNetwork() }
    #expect(
      verdict == """
        Recorded the shared instances showsProfile() touches to \(path). Review and commit the \
        file; the next run checks against it.
        """
    )
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.profileRecord)
  }

  @Test func aMissingRecordCanBeWrittenWithoutFailing() throws {
    let path = Self.folder() + "/showsProfile.txt"
    let verdict = Self.record(path, DependencyRecording(failsWhenRecording: false)) {
      Self.readsProfileWithFakeNetwork()
    }
    #expect(verdict == nil)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.profileRecord)
  }

  @Test func anEqualRecordPasses() throws {
    let path = Self.folder() + "/showsProfile.txt"
    try Self.write(Self.profileRecord, to: path)
    #expect(Self.record(path) { Self.readsProfileWithFakeNetwork() } == nil)
  }

  @Test func aNewRealReadIsReportedWithWhatToDo() throws {
    let path = Self.folder() + "/showsProfile.txt"
    try Self.write(Self.profileRecord, to: path)
    let verdict = Self.record(path) {
      Self.readsProfileWithFakeNetwork()
      _ = DependencyBoxes.analytics.value
    }
    let declared = DependencyBoxes.analytics.description
    #expect(
      verdict == """
        The shared instances showsProfile() touches changed (record: \(path)):
        - showsProfile() now reads the real \(declared), which its record does not list: \
        override it in the test, or re-record with SHARED_INSTANCES_RECORD=1.
        """
    )
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.profileRecord)  // kept
  }

  @Test func eachKindOfDifferenceIsOneLineOfTheFailure() throws {
    let path = Self.folder() + "/showsProfile.txt"
    try Self.write(Self.profileRecord, to: path)
    let verdict = Self.record(path) {
      DependencyBoxes.network.override(with: DepNetwork("fake"))  // no longer read
      DependencyBoxes.clock.override(with: DepClock("fake"))  // a new override
      DependencyBoxes.session.set(DepSession("new"))  // a new set
    }
    let network = DependencyBoxes.network.description  // still touched: named in full
    let profile =
      "Resettable<DepProfile> in SharedInstancesDependencyMapTests/DependencyFixtures.swift"
    #expect(
      verdict == """
        The shared instances showsProfile() touches changed (record: \(path)):
        - showsProfile() now overrides \(DependencyBoxes.clock), which its record does not \
        list: re-record with SHARED_INSTANCES_RECORD=1 if the new override is intended.
        - showsProfile() no longer reads its override of \(network), which its record lists: \
        drop the override if the code under test no longer needs it, or re-record with \
        SHARED_INSTANCES_RECORD=1.
        - showsProfile() no longer reads the real \(profile), which its record lists: the \
        dependency is gone; re-record with SHARED_INSTANCES_RECORD=1.
        - showsProfile() now sets \(DependencyBoxes.session), which its record does not list: \
        re-record with SHARED_INSTANCES_RECORD=1.
        """
    )
  }

  @Test func aChangedKindOfUseIsReported() throws {
    let path = Self.folder() + "/showsProfile.txt"
    try Self.write(Self.profileRecord, to: path)
    var verdict: String?
    withKnownIssue {
      verdict = Self.record(path) {
        _ = DependencyBoxes.profile.value  // the network is no longer overridden
      }
    } matching: { issue in
      issue.comments.description.contains("inTests: .required")  // the network's
    }
    // Not overridden any more, the required network is served its test default, not read for
    // real.
    #expect(
      verdict?.contains(
        "- showsProfile() now reads the test default of \(DependencyBoxes.network), which its "
          + "record does not list"
      ) == true
    )
    #expect(verdict?.contains("now reads the real \(DependencyBoxes.network)") == false)
    #expect(
      verdict?.contains(
        "- showsProfile() no longer overrides \(DependencyBoxes.network), which its record lists"
      ) == true
    )
  }

  @Test func neverModeFailsOnAMissingRecordWithoutWritingIt() {
    let path = Self.folder() + "/showsProfile.txt"
    let verdict = Self.record(path, environment: ["SHARED_INSTANCES_RECORD": "never"]) {
      Self.readsProfileWithFakeNetwork()
    }
    #expect(
      verdict == """
        showsProfile() has no dependency record at \(path), and recording is off (never). \
        Record it with SHARED_INSTANCES_RECORD=missing and commit it.
        """
    )
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test(arguments: ["1", "all"])
  func theVariableReRecordsEverything(value: String) throws {
    let path = Self.folder() + "/showsProfile.txt"
    try Self.write("# stale\nResettable<Gone> in App/Gone.swift: overrides\n", to: path)
    let verdict = Self.record(path, environment: ["SHARED_INSTANCES_RECORD": value]) {
      Self.readsProfileWithFakeNetwork()
    }
    #expect(
      verdict
        == "Re-recorded the shared instances showsProfile() touches to \(path) (record mode all)."
    )
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.profileRecord)
  }

  @Test func theTraitsModeWinsOverTheVariable() throws {
    let path = Self.folder() + "/showsProfile.txt"
    let verdict = Self.record(
      path,
      DependencyRecording(.never),
      environment: ["SHARED_INSTANCES_RECORD": "all"]
    ) { Self.readsProfileWithFakeNetwork() }
    #expect(verdict?.hasPrefix("showsProfile() has no dependency record") == true)
  }

  @Test func failedModeRewritesADifferentRecordAndStillFails() throws {
    let path = Self.folder() + "/showsProfile.txt"
    try Self.write(Self.profileRecord, to: path)
    let verdict = Self.record(path, DependencyRecording(.failed)) {
      DependencyBoxes.network.override(with: DepNetwork("fake"))
      _ = DependencyBoxes.network.value
    }
    #expect(verdict?.hasSuffix("\nRe-recorded (record mode failed).") == true)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == """
        # Shared instances touched by showsProfile() (re-record: SHARED_INSTANCES_RECORD=all)
        Resettable<DepNetwork> in SharedInstancesDependencyMapTests/DependencyFixtures.swift: \
        overrides, reads the override

        """
    )
  }

  @Test func anUnknownModeIsReported() {
    let verdict = Self.record(
      Self.folder() + "/x.txt",
      environment: ["SHARED_INSTANCES_RECORD": "sometimes"]
    ) {}
    #expect(
      verdict
        == "SHARED_INSTANCES_RECORD=sometimes is not a record mode: use all (or 1), missing, "
        + "failed or never."
    )
  }

  @Test func anUnreadableRecordIsReported() throws {
    let path = Self.folder() + "/showsProfile.txt"
    try Self.write("this is not a record\n", to: path)
    let verdict = Self.record(path) { Self.readsProfileWithFakeNetwork() }
    #expect(verdict?.contains("is not readable") == true)
  }

  @Test func newRecordsGoToAHiddenFolderThatSwiftPMDoesNotWarnAbout() {
    // SwiftPM warns about every file in a target's folder it does not handle ("found 1 file(s)
    // which are unhandled"), except in hidden folders.
    #expect(
      DependencyRecorder.recordPath(
        testFile: "/p/Tests/AppTests/ProfileTests.swift",
        nameComponents: ["ProfileTests", "showsName()"],
        fileExists: { _ in false }
      ) == "/p/Tests/AppTests/.dependencies/ProfileTests/showsName.txt"
    )
  }

  @Test func aRecordInTheFolderOfEarlierVersionsIsStillUsed() {
    let legacy = "/p/Tests/AppTests/__Dependencies__/ProfileTests/showsName.txt"
    #expect(
      DependencyRecorder.recordPath(
        testFile: "/p/Tests/AppTests/ProfileTests.swift",
        nameComponents: ["ProfileTests", "showsName()"],
        fileExists: { $0 == legacy }
      ) == legacy
    )
  }

  @Test func recordPathsSitBesideTheTestFile() {
    #expect(
      DependencyRecorder.recordPath(
        testFile: "/p/Tests/AppTests/ProfileTests.swift",
        nameComponents: ["ProfileTests", "showsName()"]
      ) == "/p/Tests/AppTests/.dependencies/ProfileTests/showsName.txt"
    )
    #expect(
      DependencyRecorder.recordPath(
        testFile: "/p/Tests/AppTests/ProfileTests.swift",
        nameComponents: ["ProfileTests", "Editing", "savesName(_:)"]
      ) == "/p/Tests/AppTests/.dependencies/ProfileTests/Editing.savesName.txt"
    )
    #expect(
      DependencyRecorder.recordPath(
        testFile: "/p/Tests/AppTests/Free.swift",
        nameComponents: ["freeFunction()"]
      ) == "/p/Tests/AppTests/.dependencies/Free/freeFunction.txt"
    )
    #expect(
      DependencyRecorder.xcTestNameComponents("ProfileXCTests.testName") == [
        "ProfileXCTests", "testName",
      ]
    )
    #expect(
      DependencyRecorder.xcTestNameComponents("-[ProfileXCTests testName]") == [
        "ProfileXCTests", "testName",
      ]
    )
  }

  @Test func recordingWhereNothingRecordsIsReported() {
    withKnownIssue {
      withIsolatedShared(.recordsDependencies) { _ = DependencyBoxes.clock.value }
    } matching: { issue in
      issue.comments.description.contains(
        ".recordsDependencies records only under the .isolatedShared trait"
      )
    }
  }

  @Test func twoTestsNeverShareARecordFile() {
    let path = Self.folder() + "/overloaded.txt"
    #expect(DependencyRecorder.claim(path, for: "Suite/overloaded(a:)") == nil)
    #expect(DependencyRecorder.claim(path, for: "Suite/overloaded(a:)") == nil)  // again: its own
    #expect(DependencyRecorder.claim(path, for: "Suite/overloaded(b:)") == "Suite/overloaded(a:)")
  }

  /// 64 tests at once, each recording into its own file while reading and overriding the same
  /// boxes in its own scope: every file is complete and holds exactly that test's record.
  @Test func testsRecordingInParallelEachWriteTheirOwnCompleteFile() async throws {
    let folder = Self.folder()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<64 {
        group.addTask {
          let verdict = Self.record("\(folder)/test\(index).txt") {
            if index.isMultiple(of: 2) {
              Self.readsProfileWithFakeNetwork()
            } else {
              DependencyBoxes.clock.override(with: DepClock("\(index)"))
              _ = DependencyBoxes.clock.value
            }
          }
          #expect(verdict?.hasPrefix("Recorded the shared instances") == true)
        }
      }
    }
    let clockRecord = """
      # Shared instances touched by showsProfile() (re-record: SHARED_INSTANCES_RECORD=all)
      Resettable<DepClock> in SharedInstancesDependencyMapTests/DependencyFixtures.swift: overrides, \
      reads the override

      """
    for index in 0..<64 {
      let text = try String(contentsOfFile: "\(folder)/test\(index).txt", encoding: .utf8)
      #expect(text == (index.isMultiple(of: 2) ? Self.profileRecord : clockRecord))
    }
  }

  private static func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try Data(text.utf8).write(to: url)
  }
}
