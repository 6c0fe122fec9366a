import SharedInstances
import Testing

final class SendableService: Sendable {}
@MainActor final class MainActorController { var count = 0 }
/// The trailing-closure spelling inside a @MainActor class picks the main-actor factory.
@MainActor final class SelfDeclaringController {
  static let shared = Resettable { SelfDeclaringController() }
}
final class LegacyManager { var count = 0 }
protocol Downloading: Sendable {}
struct RealDownloader: Downloading {}

enum Declarations {
  static let sendable = Resettable { SendableService() }
  static let mainActor = Resettable(mainActor: { MainActorController() })
  static let mainActorForTest = Resettable(mainActor: { MainActorController() })
  nonisolated(unsafe) static let legacy = Resettable { LegacyManager() }
  static let existential = Resettable<any Downloading> { RealDownloader() }
}

@Suite struct SendabilityTests {
  @Test func declarationsCompile() {
    _ = Declarations.sendable.value
    _ = Declarations.legacy.value
    _ = Declarations.existential.value
  }

  /// On Linux a @MainActor test may run on a worker thread that drains the main queue: the
  /// factory must still be accepted there.
  @MainActor @Test func aMainActorFactoryRunsOnTheMainActor() async {
    let controller = Declarations.mainActorForTest.value
    controller.count += 1
    #expect(Declarations.mainActorForTest.value.count == 1)
    let fromElsewhere = await Task.detached { Declarations.mainActorForTest.value }.value
    #expect(fromElsewhere === controller)
  }
}
