import ImageDownloadingExample
import SharedInstances
import SharedInstancesTesting
import Testing

/// Sign-out ends the session's lifetime: the user and the draft of their profile go together.
/// Each test has its own session, so these tests sign in and out in parallel.
///
/// Launching the app creates the real `NetworkManager` (declared `inTests: .required`;
/// it downloads nothing until asked), so the suite exempts it by name and swaps it out of the
/// app's locator before anything downloads.
@MainActor
@Suite(.isolatedShared(.recordsDependencies).exempting(NetworkManager.shared))
struct SessionTests {
  @Test func theDraftSurvivesReopeningTheScreen() throws {
    let app = try launchedApp()
    Session.signIn(as: .ada)

    try app.showEditProfile().editName("Ada Lovelace")

    #expect(try app.showEditProfile().displayedName == "Ada Lovelace")
  }

  @Test func signingOutDropsTheDraftWithTheUser() throws {
    let app = try launchedApp()
    Session.signIn(as: .ada)
    try app.showEditProfile().editName("Ada Lovelace")
    weak let draft = Session.profileDraft.currentValue

    Session.signOut()

    #expect(Session.currentUser.currentValue == nil)
    #expect(Session.profileDraft.currentValue == nil)
    #expect(draft == nil)  // released: nothing of Ada's session is left
    Session.signIn(as: .alan)
    #expect(try app.showEditProfile().displayedName == "Alan")
  }

  @Test(arguments: [User.ada, User.alan])
  func parallelSessionsKeepTheirOwnDrafts(user: User) async throws {
    let app = try launchedApp()
    Session.signIn(as: user)
    try app.showEditProfile().editName("\(user.name) (edited)")
    try await Task.sleep(for: .milliseconds(Int.random(in: 1...5)))
    #expect(try app.showEditProfile().displayedName == "\(user.name) (edited)")
    Session.signOut()
    #expect(Session.profileDraft.value.name == nil)
  }

  /// The app, with the avatar downloads of these tests served by a spy.
  private func launchedApp() throws -> AppDelegate {
    let downloader = ImageDownloaderSpy()
    downloader.stub(.downloadImage, returning: Image.cat)
    let app = AppDelegate()
    try app.applicationDidFinishLaunching()
    try app.serviceLocator.unregister((any ImageDownloading).self)
    try app.serviceLocator.register(service: downloader, as: (any ImageDownloading).self)
    return app
  }
}
