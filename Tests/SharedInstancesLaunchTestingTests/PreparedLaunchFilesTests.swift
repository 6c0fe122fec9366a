import Foundation
import SharedInstancesLaunch
import SharedInstancesLaunchTesting
import SharedInstancesSystem
import Testing

/// What preparing a launch leaves on disk and hands to the launcher, before any process runs:
/// a private folder, the variables and arguments that name it, and nothing left once finished.
@Suite struct PreparedLaunchFilesTests {
  @Test func theHandoffLiesInAFolderOnlyTheTestsUserCanOpen() throws {
    let launch = try PreparedLaunch(LaunchHandoff())
    defer { launch.finish() }
    #expect(try permissions(of: launch.folder) == 0o700)
    #expect(try permissions(of: launch.handoffFile) == 0o600)
    #expect(launch.handoffFile.deletingLastPathComponent().path == launch.folder.path)
    #expect(launch.folder.lastPathComponent.contains(launch.token))
  }

  @Test func theEnvironmentAndTheArgumentsCarryTheFileAndTheToken() throws {
    let launch = try PreparedLaunch(LaunchHandoff())
    defer { launch.finish() }
    #expect(
      launch.environment == [
        PreparedLaunch.pathVariable: launch.handoffFile.path,
        PreparedLaunch.tokenVariable: launch.token,
      ]
    )
    #expect(launch.arguments.suffix(2) == [launch.handoffFile.path, launch.token])
  }

  @Test func twoLaunchesHaveTheirOwnFoldersAndTokens() throws {
    let first = try PreparedLaunch(LaunchHandoff())
    let second = try PreparedLaunch(LaunchHandoff())
    defer {
      first.finish()
      second.finish()
    }
    #expect(first.token != second.token)
    #expect(first.folder != second.folder)
  }

  @Test func freshFoldersExistOnlyWhenTheHandoffAsksForThem() throws {
    var handoff = LaunchHandoff()
    let plain = try PreparedLaunch(handoff)
    defer { plain.finish() }
    #expect(plain.directories == nil)
    handoff.freshDirectories = true
    let fresh = try PreparedLaunch(handoff)
    defer { fresh.finish() }
    let directories = try #require(fresh.directories)
    for folder in [directories.temporary, directories.documents, directories.caches] {
      var isDirectory: ObjCBool = false
      #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory))
      #expect(isDirectory.boolValue)
    }
  }

  @Test func aLaunchNoProcessTookReportsNothingAndFinishingRemovesItsFolder() throws {
    let launch = try PreparedLaunch(LaunchHandoff())
    let report = launch.report()
    #expect(!report.accepted)
    #expect(report.processes == 0)
    #expect(report.requests.isEmpty)
    #expect(launch.finish() == report)
    #expect(!FileManager.default.fileExists(atPath: launch.folder.path))
    #expect(launch.finish() == report)  // a second finish reports again and fails nothing
  }

  // MARK: - Fixtures

  private func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.posixPermissions] as? Int) & 0o777
  }
}
