import SharedInstances
import SharedInstancesLocator

/// The edit-profile screen. It receives its services; it has no idea a locator exists.
@MainActor public final class EditProfileViewController {
  /// The user's name as shown, or nil when nobody is signed in.
  public private(set) var displayedName: String?
  /// The avatar.
  public let avatarView = ImageView()

  private let userProvider: any CurrentUserProviding
  private let imageDownloader: any ImageDownloading
  private let draft: ProfileDraft

  /// Creates the screen with the services it uses.
  ///
  /// - Parameters:
  ///   - userProvider: Who is signed in.
  ///   - imageDownloader: What downloads the avatar.
  ///   - draft: Where unsaved edits are kept; the factory passes the session's.
  public init(
    userProvider: any CurrentUserProviding,
    imageDownloader: any ImageDownloading,
    draft: ProfileDraft = ProfileDraft()
  ) {
    self.userProvider = userProvider
    self.imageDownloader = imageDownloader
    self.draft = draft
  }

  /// Changes the name shown, keeping the edit in the draft until it is saved.
  public func editName(_ name: String) {
    draft.name = name
    displayedName = name
  }

  /// Shows the current user's name and starts downloading their avatar.
  ///
  /// - Parameter avatarShown: Runs once the avatar is on screen.
  public func viewDidLoad(avatarShown: (@MainActor @Sendable () -> Void)? = nil) {
    guard let user = userProvider.currentUser() else {
      displayedName = nil
      return
    }
    displayedName = draft.name ?? user.name
    avatarView.downloadImage(
      from: user.avatarURL,
      imageDownloader: imageDownloader,
      completion: avatarShown
    )
  }
}

/// Creates the edit-profile screen from the services in the locator it is given.
///
/// Factories are the one layer that sees the locator, and they receive it: there is no static
/// locator to reach for.
public enum EditProfileFactory {
  /// Creates the screen.
  ///
  /// - Parameter serviceLocator: Where the app's services are.
  /// - Returns: The screen, with its services.
  /// - Throws: `ServiceLocator.Error.inexistentService` when a service it needs is missing.
  @MainActor public static func createEditProfile(
    serviceLocator: any ServiceLocating
  ) throws -> EditProfileViewController {
    EditProfileViewController(
      userProvider: try serviceLocator.get((any CurrentUserProviding).self),
      imageDownloader: try serviceLocator.get((any ImageDownloading).self),
      draft: Session.profileDraft.value
    )
  }
}

/// The app: it owns the service locator, registers the services once, and hands the locator to
/// the factories it calls.
@MainActor public final class AppDelegate {
  /// The app's services. A stored property, never a static.
  public let serviceLocator = ServiceLocator()

  public init() {}

  /// Registers the app's services.
  ///
  /// - Throws: `ServiceLocator.Error.duplicateService` if called twice.
  public func applicationDidFinishLaunching() throws {
    try serviceLocator.register(
      service: NetworkManager.shared.value,
      as: (any ImageDownloading).self
    )
    try serviceLocator.register(service: CurrentUserProvider(), as: (any CurrentUserProviding).self)
  }

  /// Opens the edit-profile screen, as a router would.
  ///
  /// - Returns: The screen.
  /// - Throws: What ``EditProfileFactory/createEditProfile(serviceLocator:)`` throws.
  public func showEditProfile() throws -> EditProfileViewController {
    let screen = try EditProfileFactory.createEditProfile(serviceLocator: serviceLocator)
    screen.viewDidLoad()
    return screen
  }
}
