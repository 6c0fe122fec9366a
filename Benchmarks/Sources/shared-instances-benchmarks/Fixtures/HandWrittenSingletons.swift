import Foundation
import Synchronization

/// Row 1: the floor, a plain `static let`.
///
/// `Service()` is trivial, so with `-O` the compiler builds the object statically: a read does
/// no reference counting at all. That is the best case of a `static let`.
enum StaticLetSingleton {
  static let shared = Service()
}

/// Row 1b: a `static let` whose instance is created at run time, as a real singleton's is
/// (`static let shared = ArticleManager(session: .shared)`): reads retain and release it.
enum RuntimeStaticLetSingleton {
  static let shared = opaque(Service())
}

/// Row 2: the hand-written thread-safe lazy singleton, guarded by a `Mutex`.
enum MutexSingleton {
  private static let storage = Mutex<Service?>(nil)

  static var shared: Service {
    storage.withLock { instance in
      if let instance { return instance }
      let created = Service()
      instance = created
      return created
    }
  }
}

/// Row 2: the same, guarded by an `NSLock`, as older code writes it.
final class NSLockSingleton: @unchecked Sendable {
  // @unchecked: `instance` is only read or written while `lock` is held.
  static let storage = NSLockSingleton()

  private let lock = NSLock()
  private var instance: Service?

  static var shared: Service { storage.load() }

  private func load() -> Service {
    lock.lock()
    defer { lock.unlock() }
    if let instance { return instance }
    let created = Service()
    instance = created
    return created
  }
}
