import Foundation

// Ordinary app shapes: services, repositories, stores, delegates, coordinators, async APIs, the
// way application code (and the example apps of the mocking tools) writes them.

/// An HTTP client, async and throwing.
public protocol HTTPClient: Sendable {
  func send(_ request: Request) async throws -> Response
  func data(from url: URL) async throws -> Data
  func upload(_ data: Data, to url: URL, method: HTTPMethod) async throws -> Response
}

/// A client with typed throws.
public protocol TypedHTTPClient: Sendable {
  func send(_ request: Request) async throws(NetworkError) -> Response
  func ping() async throws(NetworkError)
  var isReachable: Bool { get async }
}

/// A user repository, with optional results and pages.
public protocol UserRepository: Sendable {
  func user(id: UUID) async throws -> User?
  func users(page: Int, size: Int) async throws -> Page<User>
  func save(_ user: User) async throws
  func delete(id: UUID) async throws
  func count() async -> Int
}

/// A product catalog with a cache property.
public protocol ProductCatalog: AnyObject {
  var cached: [Product] { get set }
  var lastRefresh: Date? { get }
  func products(matching query: String) throws -> [Product]
  func product(id: Int) -> Product?
  func refresh(completion: @escaping (Result<[Product], any Error>) -> Void)
}

/// A key-value store, as apps wrap `UserDefaults`.
public protocol KeyValueStore: AnyObject {
  func string(forKey key: String) -> String?
  func integer(forKey key: String) -> Int
  func bool(forKey key: String) -> Bool
  func set(_ value: Any?, forKey key: String)
  func removeObject(forKey key: String)
  subscript(key: String) -> String? { get set }
}

/// A file system facade.
public protocol FileStoring: Sendable {
  func read(at url: URL) throws -> Data
  func write(_ data: Data, to url: URL, atomically: Bool) throws
  func exists(at url: URL) -> Bool
  func contents(of folder: URL) throws -> [URL]
  func remove(at url: URL) throws(StorageError)
}

/// An analytics tracker with a variadic and a dictionary of `Any`.
public protocol AnalyticsTracking: AnyObject {
  func track(event: String, properties: [String: Any])
  func identify(userID: String?)
  func setSuperProperties(_ properties: [String: any Sendable])
  func flush()
}

/// A logger with levels and autoclosure messages.
public protocol AppLogger: Sendable {
  func log(_ level: LogLevel, _ message: @autoclosure () -> String, file: String, line: Int)
  func error(_ error: any Error)
  var minimumLevel: LogLevel { get set }
}

/// An authentication service with a session that is not `Sendable`.
public protocol Authenticating: AnyObject {
  var currentSession: Session? { get }
  var isSignedIn: Bool { get }
  func signIn(email: String, password: String) async throws -> Session
  func signOut() async
  func refresh(_ session: Session) async throws -> Session
}

/// A keychain facade.
public protocol KeychainAccessing: Sendable {
  func password(for account: String) throws -> String?
  func setPassword(_ password: String, for account: String) throws
  func deletePassword(for account: String) throws
}

/// A clock the app reads.
public protocol DateProviding: Sendable {
  var now: Date { get }
  func startOfDay(for date: Date) -> Date
}

/// A scheduler that runs work later.
public protocol Scheduling: Sendable {
  func schedule(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) -> Disposable
  func cancelAll()
}

/// A feature-flag provider.
public protocol FeatureFlagProviding: Sendable {
  func isEnabled(_ flag: String) -> Bool
  func value<T: Decodable & Sendable>(for flag: String, as type: T.Type) -> T?
  var flags: [String: Bool] { get }
}

/// A view model's coordinator: main-actor isolated.
@MainActor
public protocol Coordinating: AnyObject {
  func start()
  func showDetail(for product: Product)
  func dismiss(animated: Bool)
  var children: [any Coordinating] { get }
}

/// A main-actor view model.
@MainActor
public protocol ProfileViewModeling: AnyObject {
  var title: String { get }
  var isLoading: Bool { get }
  var user: User? { get }
  func load() async
  func didTapSave(name: String)
}

/// A table delegate, as UIKit's are.
public protocol ListViewDelegate: AnyObject {
  func listView(_ listView: ViewHandle, didSelectRowAt index: Int)
  func listView(_ listView: ViewHandle, heightForRowAt index: Int) -> Double
  func listViewDidScroll(_ listView: ViewHandle)
}

/// A delegate with optional-like default behavior and a weak reference shape.
public protocol DownloadDelegate: AnyObject {
  func download(_ id: Int, didProgress fraction: Double)
  func download(_ id: Int, didFinishWith data: Data)
  func download(_ id: Int, didFailWith error: any Error)
}

/// A location service with a callback property.
public protocol LocationProviding: AnyObject {
  var onUpdate: ((Double, Double) -> Void)? { get set }
  var authorizationStatus: Int { get }
  func requestAuthorization()
  func startUpdating()
  func stopUpdating()
}

/// A push-notification registrar.
public protocol PushRegistering: Sendable {
  func register(deviceToken: Data) async throws
  func unregister() async
  func handle(userInfo: [AnyHashable: Any]) -> Bool
}

/// An image cache keyed by URL.
public protocol ImageCaching: AnyObject {
  func image(for url: URL) -> Data?
  func insert(_ image: Data, for url: URL)
  func removeAll()
  var count: Int { get }
}

/// An async sequence source.
public protocol MessageStreaming: Sendable {
  func messages(in channel: String) -> AsyncStream<String>
  func send(_ text: String, to channel: String) async throws
}

/// A payment processor with overloads differing by types.
public protocol PaymentProcessing: Sendable {
  func charge(amount: Decimal, currency: String) async throws -> String
  func charge(amount: Int, currency: String) async throws -> String
  func refund(transactionID: String) async throws
}

/// A cart with `inout` and mutations.
public protocol CartManaging: AnyObject {
  var items: [Product] { get }
  func add(_ product: Product, quantity: Int)
  func remove(_ product: Product)
  func apply(coupon: String) throws -> Decimal
  func total() -> Decimal
}

/// A settings store with static defaults.
public protocol SettingsStoring: Sendable {
  static var defaultTheme: String { get }
  var theme: String { get set }
  var notificationsEnabled: Bool { get set }
  func reset()
}

/// An order service with a typed-throws initializer.
public protocol OrderServicing: Sendable {
  init(baseURL: URL) throws(NetworkError)
  func place(_ order: Order) async throws(NetworkError) -> String
  func status(of orderID: String) async throws(NetworkError) -> String
  func cancel(orderID: String) async throws(NetworkError)
}

/// A database with generic fetches.
public protocol DatabaseAccessing: Sendable {
  func fetch<T: Decodable & Sendable>(_ type: T.Type, where predicate: String) throws -> [T]
  func insert<T: Encodable & Sendable>(_ value: T) throws
  func transaction(_ body: () throws -> Void) rethrows
}

/// A reachability monitor.
public protocol ReachabilityMonitoring: AnyObject {
  var isReachable: Bool { get }
  var onChange: ((Bool) -> Void)? { get set }
  func start() throws
  func stop()
}

/// A router that maps deep links.
public protocol DeepLinkRouting {
  func canHandle(_ url: URL) -> Bool
  func handle(_ url: URL, options: [String: Any]) -> Bool
}

/// A search service with debounced async results.
public protocol SearchServicing: Sendable {
  func search(_ query: String, limit: Int) async throws -> [String]
  func suggestions(for prefix: String) async -> [String]
  func cancelSearch()
}

/// A notification center facade with a selector-free API.
public protocol NotificationPosting: Sendable {
  func post(name: Notification.Name, object: Any?, userInfo: [AnyHashable: Any]?)
  func addObserver(
    forName name: Notification.Name,
    using block: @escaping @Sendable (Notification) -> Void
  ) -> any NSObjectProtocol
}

/// A crash reporter.
public protocol CrashReporting: Sendable {
  func record(_ error: any Error, userInfo: [String: String])
  func setUserID(_ id: String?)
  func log(_ message: String)
}

/// A token store on an actor.
public protocol TokenStoring: Actor {
  var token: String? { get }
  func save(token: String)
  func clear()
}

/// A rate limiter on an actor, async by nature.
public protocol RateLimiting: Actor {
  func acquire() async throws
  func release()
  var available: Int { get }
}

/// A sync engine with a progress closure.
public protocol SyncEngine: Sendable {
  func sync(progress: @escaping @Sendable (Double) -> Void) async throws -> Int
  func lastSyncDate() -> Date?
}

/// A paginator, generic over its item.
public protocol Paginating<Item> {
  associatedtype Item
  func loadFirstPage() async throws -> [Item]
  func loadNextPage() async throws -> [Item]
  var hasMore: Bool { get }
}

/// A repository over an associated entity type.
public protocol Repository {
  associatedtype Entity: Identifiable
  func all() throws -> [Entity]
  func find(id: Entity.ID) throws -> Entity?
  func save(_ entity: Entity) throws
}

/// A use case, callable.
public protocol FetchUserUseCase: Sendable {
  func callAsFunction(id: UUID) async throws -> User
}

/// A localization lookup with variadic formats.
public protocol Localizing: Sendable {
  func string(_ key: String, _ arguments: any CVarArg...) -> String
  func plural(_ key: String, count: Int) -> String
}

/// A haptics engine with no results.
@MainActor
public protocol HapticsPlaying {
  func playSuccess()
  func playError()
  func playSelection()
}

/// A clipboard.
public protocol Pasteboarding: AnyObject {
  var string: String? { get set }
  var hasStrings: Bool { get }
}

/// A biometric authenticator with a callback that reports `Bool` and an error.
public protocol BiometricAuthenticating {
  func canEvaluate() -> Bool
  func evaluate(reason: String, reply: @escaping (Bool, (any Error)?) -> Void)
}

/// A background task runner.
public protocol BackgroundTaskRunning: Sendable {
  func begin(name: String, expiration: (@Sendable () -> Void)?) -> Int
  func end(_ identifier: Int)
}

/// A mailer with a composed existential.
public protocol MailComposing {
  func compose(to recipients: [String], subject: String, body: String) -> (any Cancellable)?
  func canSendMail() -> Bool
}

/// A JSON coder facade with generic results.
public protocol JSONCoding: Sendable {
  func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
  func encode<T: Encodable>(_ value: T) throws -> Data
}

/// A migration step, static entry point.
public protocol Migration {
  static var version: Int { get }
  static func migrate(_ database: inout [String: Any]) throws
}

/// A metrics recorder with overloads by label.
public protocol MetricsRecording: Sendable {
  func increment(_ counter: String)
  func increment(_ counter: String, by amount: Int)
  func record(_ timer: String, duration: Duration)
  func gauge(_ name: String, value: Double)
}

/// A model protocol refining `Identifiable` and `Hashable`, as list items do.
public protocol ListItem: Identifiable, Hashable where ID == UUID {
  var title: String { get }
  var subtitle: String? { get }
}

/// A protocol refining `CustomStringConvertible`.
public protocol Describing: CustomStringConvertible {
  var shortDescription: String { get }
}

/// An error protocol apps define for presentable failures.
public protocol PresentableError: Error {
  var title: String { get }
  var code: Int { get }
}

/// A base controller class that protocols constrain themselves to.
open class BaseController {
  public init() {}
  open func viewDidLoad() {}
}

/// A protocol that only subclasses of `BaseController` adopt.
public protocol ControllerPresenting: BaseController {
  func present(_ controller: BaseController, animated: Bool)
  func dismissPresented(animated: Bool, completion: (() -> Void)?)
}

/// An async stream producer with an async throwing stream.
public protocol EventProducing: Sendable {
  func events() -> AsyncThrowingStream<String, any Error>
  func stop() async
}

/// An API with `sending` and `isolated` parameters, as Swift 6 code has.
public protocol IsolationAware: Sendable {
  func hand(over value: sending ViewHandle) async
  func run(isolation: isolated (any Actor)?) async -> Int
}

/// A continuation-style bridge from callbacks to async.
public protocol CallbackBridge {
  func fetch(_ id: Int, completion: @escaping @Sendable (Result<User, NetworkError>) -> Void)
  func fetch(_ id: Int) async throws(NetworkError) -> User
}

/// A clock-driven poller with a `Duration`.
public protocol Polling: Sendable {
  func poll(every interval: Duration, until condition: @escaping @Sendable () -> Bool) async
  var interval: Duration { get }
}

/// A requirement with a default argument value in the adopter's extension, and a parameter
/// pack, as newer generic APIs have.
public protocol PackedLogging {
  func log<each Value>(_ values: repeat each Value)
  func log(_ message: String)
}
