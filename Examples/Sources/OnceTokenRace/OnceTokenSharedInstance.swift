/// The Objective-C singleton pattern "updated for testability" (article 004), ported statement
/// by statement: a `dispatch_once` getter that creates the instance only if none is stored, and
/// a `setSharedInstance:` that writes 0 into the once token and then stores its argument.
///
/// This is the code the race demo measures, not code to use. The article's two file-level
/// statics live in an instance of this class, so that every run starts from fresh ones:
///
/// | Objective-C (article 004)                         | here                            |
/// |---------------------------------------------------|---------------------------------|
/// | `static ArticleManager *_sharedInstance = nil;`   | `storage`                       |
/// | `static dispatch_once_t once_token = 0;`          | `onceToken`                     |
/// | `+sharedInstance`                                 | ``sharedInstance``              |
/// | `+setSharedInstance:`                             | ``setSharedInstance(_:)``       |
///
/// Every single read or write of either variable is atomic, so there is no undefined behaviour;
/// the race is between statements, exactly the one a reader of the article describes in its
/// comments: a getter that runs between `once_token = 0` and `_sharedInstance = instance`.
///
/// - A getter that runs there while a mock is being installed finds no instance, creates a
///   real one and stores it, possibly after the mock: the mock is lost and every later read
///   returns a real instance.
/// - A getter that runs there during a reset (`setSharedInstance(nil)`) finds the old instance,
///   skips creation and consumes the token; then `nil` is stored: every later read returns nil.
public final class OnceTokenSharedInstance<Instance: AnyObject & Sendable>: Sendable {
  private let onceToken = OnceToken()
  private let storage = Locked<Instance?>(nil)
  private let makeInstance: @Sendable () -> Instance
  private let betweenSteps: (@Sendable () -> Void)?

  /// Creates the pattern's two variables, empty.
  ///
  /// - Parameters:
  ///   - betweenSteps: Runs inside ``setSharedInstance(_:)``, between its two statements: nil
  ///     for the pattern as written, a pause to replay the race in slow motion.
  ///   - makeInstance: `[[ArticleManager alloc] init]`.
  public init(
    betweenSteps: (@Sendable () -> Void)? = nil,
    _ makeInstance: @escaping @Sendable () -> Instance
  ) {
    self.betweenSteps = betweenSteps
    self.makeInstance = makeInstance
  }

  /// `+sharedInstance`: nil when the race left the pattern with a consumed token and no
  /// instance, as the Objective-C getter would return.
  public var sharedInstance: Instance? {
    onceToken.perform {
      if storage.value == nil {
        storage.value = makeInstance()
      }
    }
    return storage.value
  }

  /// `+setSharedInstance:`: a mock to install it, nil to go back to the real instance.
  public func setSharedInstance(_ instance: Instance?) {
    onceToken.reset()  // resets the token so that the getter runs its block again
    betweenSteps?()
    storage.value = instance
  }
}
