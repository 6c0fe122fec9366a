import Foundation

// The Examples' ScarySingleton (article 001) before it was made testable: a main-actor
// singleton injected as a default argument.

@MainActor open class ScarySingleton {
  public static let sharedInstance = ScarySingleton()

  public var someImportantValue: String?

  nonisolated public init() {}

  open func doSomethingImportant() {
    importantThingsDone += 1
  }

  public private(set) var importantThingsDone = 0
}

@MainActor public final class ViewController {
  let singleton: ScarySingleton

  public init(singleton: ScarySingleton = .sharedInstance) {
    self.singleton = singleton
  }

  public func viewDidLoad() {
    singleton.doSomethingImportant()
  }
}
