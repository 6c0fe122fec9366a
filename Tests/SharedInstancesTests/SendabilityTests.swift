import SharedInstances
import Testing

final class SendableService: Sendable {}
@MainActor final class MainActorController { var count = 0 }
final class LegacyManager { var count = 0 }
protocol Downloading: Sendable {}
struct RealDownloader: Downloading {}

enum Declarations {
  static let sendable = Resettable { SendableService() }
  static let mainActor = Resettable(mainActor: { MainActorController() })
  nonisolated(unsafe) static let legacy = Resettable { LegacyManager() }
  static let existential = Resettable<any Downloading> { RealDownloader() }
}

@Suite struct SendabilityTests {
  @Test func declarationsCompile() {
    _ = Declarations.sendable.value
    _ = Declarations.legacy.value
  }
}
