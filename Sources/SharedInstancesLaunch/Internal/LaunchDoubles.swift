import Foundation
import SharedInstances
import SharedInstancesSystem

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every double a hand-off asks for, built before any is installed, so that a hand-off that
/// cannot be applied whole is refused before the process changes at all.
struct LaunchDoubles {
  var date: DateGenerator?
  var uuid: UUIDGenerator?
  var random: AnyRandomNumberGenerator?
  var userDefaults: UserDefaultsStore?
  /// An `AnyClock<Duration>`, typed `Any` since `Duration` needs macOS 13.
  var clock: (any Sendable)?
  var directories: AppDirectories?

  init(_ envelope: HandoffEnvelope, report: ReportWriter) throws {
    let handoff = envelope.handoff
    switch handoff.date {
    case .constant(let date)?:
      self.date = DateGenerator { date }
    case .incrementing(let start, let step)?:
      let reads = Protected(0)
      self.date = DateGenerator {
        let count = reads.withLock { count in
          defer { count += 1 }
          return count
        }
        return start.addingTimeInterval(step * Double(count))
      }
    case nil:
      break
    }
    switch handoff.uuid {
    case .constant(let uuid)?:
      self.uuid = UUIDGenerator { uuid }
    case .incrementing?:
      let calls = Protected(0)
      self.uuid = UUIDGenerator {
        Self.uuid(
          counter: calls.withLock { count in
            defer { count += 1 }
            return count
          }
        )
      }
    case nil:
      break
    }
    if case .seeded(let seed)? = handoff.random {
      let generator = Protected(Xoshiro256StarStar(seed: seed))
      self.random = AnyRandomNumberGenerator { generator.withLock { $0.next() } }
    }
    if case .immediate(let seconds)? = handoff.clock {
      guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else {
        throw HandoffFile.Refusal("it asks for a clock, which needs macOS 13, iOS 16 or later")
      }
      clock = AnyClock(LaunchImmediateClock(startingAt: .milliseconds(Int64(seconds * 1000))))
    }
    if case .test(let seconds)? = handoff.clock {
      guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else {
        throw HandoffFile.Refusal("it asks for a clock, which needs macOS 13, iOS 16 or later")
      }
      guard let path = envelope.clockPath else {
        throw HandoffFile.Refusal("it asks for a test clock and names no pipe to advance it by")
      }
      let testClock = LaunchTestClock(
        startingAt: .milliseconds(Int64(seconds * 1000)),
        report: report
      )
      try testClock.listen(to: path)
      clock = AnyClock(testClock)
    }
    if let values = handoff.userDefaults {
      let suite = "shared-instances-launch-\(envelope.token)"
      guard let defaults = UserDefaults(suiteName: suite) else {
        throw HandoffFile.Refusal("the user defaults suite \(suite) cannot be created")
      }
      for (key, value) in values { defaults.set(value.propertyList, forKey: key) }
      userDefaults = UserDefaultsStore(defaults, suiteName: suite)
    }
    if handoff.freshDirectories {
      guard let folder = envelope.directories else {
        throw HandoffFile.Refusal("it asks for fresh folders and names none")
      }
      let root = URL(fileURLWithPath: folder, isDirectory: true)
      let fresh = AppDirectories(
        temporary: root.appendingPathComponent("temporary", isDirectory: true),
        documents: root.appendingPathComponent("documents", isDirectory: true),
        caches: root.appendingPathComponent("caches", isDirectory: true)
      )
      for url in [fresh.temporary, fresh.documents, fresh.caches] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
          isFolder.boolValue
        else {
          throw HandoffFile.Refusal("its fresh folder \(url.path) does not exist")
        }
      }
      directories = fresh
    }
    // Registered before the first session of the process exists: `URLSession.shared` then
    // answers from the stubs too, so code that bypasses the box never reaches the network.
    _ = URLProtocol.registerClass(LaunchURLProtocol.self)
  }

  /// What the process's scope serves at the first read of a box rather than at launch: a
  /// session (creating one starts the networking stack, milliseconds a program that never
  /// fetches should not pay). Served as a test double, so strict mode accepts it.
  static var lazyDefaults: _TestDefaults.Registry {
    _TestDefaults.Registry([
      SystemBoxes.urlSession._identity.id: {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [LaunchURLProtocol.self]
        return URLSession(configuration: configuration)
      }
    ])
  }

  /// Installs the doubles in the process's scope.
  func install() {
    if let date { SystemBoxes.date.override(with: date) }
    if let uuid { SystemBoxes.uuid.override(with: uuid) }
    if let random { SystemBoxes.random.override(with: random) }
    if let userDefaults { SystemBoxes.userDefaults.override(with: userDefaults) }
    if let directories { SystemBoxes.directories.override(with: directories) }
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *), let clock = clock as? AnyClock<Duration>
    {
      SystemBoxes.continuousClock.override(with: clock)
      SystemBoxes.suspendingClock.override(with: clock)
    }
  }

  /// The identifiers `UUIDGenerator.incrementing` of `SharedInstancesTesting` makes: the counter
  /// in the last eight bytes, big-endian.
  static func uuid(counter: Int) -> UUID {
    let value = UInt64(counter)
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { raw in
      for index in 0..<8 {
        raw[15 - index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))
      }
    }
    return UUID(uuid: bytes)
  }
}
