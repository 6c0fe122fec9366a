import ScarySingletonExample
import SharedInstances
import SharedInstancesTesting
import Testing

/// The article's two tests, with the stub injected through the initializer, then the same
/// screen created the way the app creates it, against a shared instance that is each test's own.
@MainActor @Suite(.isolatedShared(.recordsDependencies)) struct ViewControllerTests {
  @Test func viewDidLoadDoesSomethingImportant() {
    let stub = ScaryStub()
    let screen = ViewController(scarySingleton: stub)

    screen.viewDidLoad()

    #expect(stub.spy.calls == [.doSomethingImportant])
  }

  @Test func viewDidLoadSetsTheImportantValue() {
    let stub = ScaryStub()
    ViewController(scarySingleton: stub).viewDidLoad()
    #expect(stub.someImportantValue == "Set by the screen")
  }

  @Test func theDefaultArgumentReadsTheSharedInstanceSoATestCanReplaceIt() {
    let stub = ScaryStub()
    ScarySingleton.sharedInstance.override(with: stub)

    ViewController().viewDidLoad()

    #expect(stub.spy.wasCalled(.doSomethingImportant))
  }

  /// The article's second problem: state kept in the singleton leaking from test to test.
  /// Each argument runs as its own test, in parallel, and each starts from a fresh singleton.
  @Test(arguments: 1...3) func everyTestStartsFromAFreshSingleton(screens: Int) {
    let shared = ScarySingleton.sharedInstance.value
    #expect(shared.someImportantValue == nil)
    #expect(shared.importantThingsDone == 0)

    for _ in 0..<screens { ViewController().viewDidLoad() }

    #expect(shared.importantThingsDone == screens)
    #expect(shared.someImportantValue == "Set by the screen")
  }
}

// MARK: - Fixtures

/// The article's stub: a subclass of the real singleton, so the screen accepts it, that records
/// its calls in a spy instead of doing the important thing.
private final class ScaryStub: ScarySingleton {
  enum Call: SpyCall { case doSomethingImportant }
  let spy = Spy<Call>()

  override func doSomethingImportant() { spy.record(.doSomethingImportant) }
}
