import Foundation
import ImageDownloadingExample
import SharedInstances
import SharedInstancesLocator
import SharedInstancesTesting
import Testing

/// The screen, its factory, and the app that passes the locator around.
@MainActor @Suite(.isolatedShared(.recordsDependencies), .timeLimit(.minutes(1)))
struct EditProfileTests {
  /// The article's advice: test the screen with doubles passed in, no locator at all.
  @Test func showsTheUsersNameAndAvatar() async {
    let users = CurrentUserProvidingSpy()
    users.stub(.currentUser, returning: User?.some(.ada))
    let downloader = ImageDownloaderSpy()
    downloader.stub(.downloadImage, returning: Image.cat)
    let screen = EditProfileViewController(userProvider: users, imageDownloader: downloader)

    await withCheckedContinuation { shown in
      screen.viewDidLoad { shown.resume() }
    }

    #expect(screen.displayedName == "Ada")
    #expect(screen.avatarView.image == .cat)
    #expect(downloader.calls == [.downloadImage(from: User.ada.avatarURL)])
  }

  @Test func showsNothingWhenNobodyIsSignedIn() {
    let users = CurrentUserProvidingSpy()
    users.stub(.currentUser, returning: User?.none)
    let downloader = ImageDownloaderSpy()
    let screen = EditProfileViewController(
      userProvider: users,
      imageDownloader: downloader
    )
    screen.viewDidLoad()
    #expect(screen.displayedName == nil)
    #expect(downloader.calls.isEmpty)
  }

  /// The factory gets its services from the locator it receives: a test builds one with doubles.
  @Test func theFactoryTakesItsServicesFromTheLocatorItIsGiven() throws {
    let locator = ServiceLocator()
    let users = CurrentUserProvidingSpy()
    users.stub(.currentUser, returning: User?.some(.alan))
    let downloader = ImageDownloaderSpy()
    downloader.stub(.downloadImage, returning: Image.cat)
    try locator.register(service: users as any CurrentUserProviding)
    try locator.register(service: downloader as any ImageDownloading)

    let screen = try EditProfileFactory.createEditProfile(serviceLocator: locator)
    screen.viewDidLoad()

    #expect(screen.displayedName == "Alan")
    #expect(downloader.calls == [.downloadImage(from: User.alan.avatarURL)])
  }

  @Test func theFactoryNamesAMissingService() {
    let locator = ServiceLocator()
    #expect(
      throws: ServiceLocator.Error.inexistentService(ServiceName((any CurrentUserProviding).self))
    ) {
      try EditProfileFactory.createEditProfile(serviceLocator: locator)
    }
  }

  /// End to end through the app's own wiring, with the downloader replaced in the app's locator
  /// and a user signed in (in this test's session only).
  ///
  /// `NetworkManager.shared` is declared `inTests: .required`. Launching the app creates
  /// the real one (it downloads nothing until asked), so this test exempts it by name, then
  /// swaps it out of the locator before anything downloads.
  @Test(.isolatedShared.exempting(NetworkManager.shared))
  func theAppShowsTheSignedInUsersProfile() async throws {
    let downloader = ImageDownloaderSpy()
    downloader.stub(.downloadImage, returning: Image.cat)
    let app = AppDelegate()
    try app.applicationDidFinishLaunching()
    try app.serviceLocator.unregister((any ImageDownloading).self)
    try app.serviceLocator.register(service: downloader as any ImageDownloading)
    Session.signIn(as: .ada)

    let screen = try app.showEditProfile()

    #expect(screen.displayedName == "Ada")
    await downloader.waitUntilCalled(.downloadImage)
    #expect(downloader.calls == [.downloadImage(from: User.ada.avatarURL)])
  }
}
