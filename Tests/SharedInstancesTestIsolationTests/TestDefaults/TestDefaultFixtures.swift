import IsolationTestSupport
import SharedInstances
import SharedInstancesSystem
import SharedInstancesTesting
import TestSupport

/// Counts how many times a real factory ran.
final class FactoryRuns: Sendable {
  private let count = Locked(0)
  func ran() { count.mutate { $0 += 1 } }
  var value: Int { count.get() }
}

/// Boxes with test defaults (each test of this folder uses its own box: tests run in parallel).
enum DefaultBoxes {
  static let gatewayRuns = FactoryRuns()
  /// `.required`, with a default declared with it.
  static let gateway = Resettable<any Gateway>(
    inTests: .required(default: { UnimplementedGateway() })
  ) {
    gatewayRuns.ran()
    return LiveGateway()
  }

  static let paymentsRuns = FactoryRuns()
  /// `.required`, with no default declared with it: the test target declares one.
  static let payments = Resettable<any Gateway>(inTests: .required) {
    paymentsRuns.ran()
    return LiveGateway()
  }

  static let clockRuns = FactoryRuns()
  /// Optional, with a default declared with it.
  static let clock = Resettable(inTests: .optional(default: { Tagged("fixed clock") })) {
    clockRuns.ran()
    return Tagged("system clock")
  }

  /// Optional, with defaults declared with it and for the test target: the target's wins.
  static let formatter = Resettable(inTests: .optional(default: { Tagged("declared default") })) {
    Tagged("real")
  }

  /// Optional, with a default, for the exemption test.
  static let exempted = Resettable(inTests: .optional(default: { Tagged("default") })) {
    Tagged("real")
  }

  /// Empty boxes.
  static let user = Resettable<Tagged>.empty(
    inTests: .optional(default: { Tagged("fixture user") })
  )
  static let configuration = Resettable<Tagged>.empty()
  static let lateConfiguration = Resettable<Tagged>.empty()
  static let lifetime = SharedLifetime("test defaults")
  static let cart = Resettable(in: lifetime, inTests: .optional(default: { Tagged("empty cart") }))
  {
    Tagged("real cart")
  }
}

protocol Gateway: Sendable {
  func charge() -> String
}

final class LiveGateway: Gateway {
  func charge() -> String { "charged for real" }
}

final class UnimplementedGateway: Gateway {
  func charge() -> String { "unimplemented" }
}

final class GatewaySpy: Gateway {
  func charge() -> String { "spied" }
}

/// The test target's defaults: a type of the target's own, found by its module's name.
enum SharedTestDefaults: SharedTestDefaultsProviding {
  static var defaults: [SharedTestDefault] {
    var defaults = [
      SharedTestDefault(DefaultBoxes.payments) { GatewaySpy() },
      SharedTestDefault(DefaultBoxes.formatter) { Tagged("target default") },
      SharedTestDefault(ConvertibleBoxes.referred) { Tagged("target default") },
    ]
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
      // No other test of this target reads the suspending clock.
      defaults.append(
        SharedTestDefault(SystemBoxes.suspendingClock) {
          AnyClock(TestClock(now: ConvertibleBoxes.defaultClockNow))
        }
      )
    }
    return defaults
  }
}
