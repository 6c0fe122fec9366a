import Foundation
import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import TestSupport
import Testing

/// Where a box's (or a result's) type is a protocol with a generated spy, the generated spy
/// stands as its placeholder: a `.required` box read without an override, or an unstubbed
/// call, is served a fresh spy and fails the test, instead of stopping the process. The spy
/// registers itself with the conformance `generate-spies` writes; the test writes no line.
@Suite(.serialized) struct ProtocolSpyPlaceholderTests {
  @Test(.isolatedShared) func aRequiredBoxOfAProtocolWithASpyIsServedAFreshSpy() {
    let before = ForecastBoxes.factoryRuns.get()
    withKnownIssue {
      let first = ForecastBoxes.forecast.value
      #expect(first is ForecastingSpy)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("served the placeholder of")
    }
    #expect(ForecastBoxes.factoryRuns.get() == before)
  }

  @Test func anUnstubbedCallReturningAProtocolWithASpyReturnsAFreshSpy() {
    let station = StationSpy()
    var forecast: (any Forecasting)?
    withKnownIssue {
      forecast = station.forecast()
    } matching: { issue in
      text(of: issue).contains("Unstubbed call: StationSpy.forecast received forecast")
    }
    let spy = forecast as? ForecastingSpy
    #expect(spy != nil)
    #expect(spy?.calls == [])
  }

  /// A generic spy's placeholder is its companion `<Spy>Placeholder`, which the library looks
  /// for after the spy's own name (which names no generic class).
  @Test func anUnstubbedCallReturningAProtocolWithAGenericSpyReturnsItsPlaceholderSpy() {
    let depot = DepotSpy()
    var storage: (any Storing)?
    withKnownIssue {
      storage = try? depot.storage()
    } matching: { issue in
      text(of: issue).contains("Unstubbed call: DepotSpy.storage")
    }
    let spy = storage as? StoringSpy<Int>
    #expect(spy != nil)
    #expect(spy?.calls == [])
  }
}

// MARK: - Fixtures

protocol Forecasting: Sendable {
  func temperature() -> Int
}

protocol Station: Sendable {
  func forecast() -> any Forecasting
}

struct LiveForecast: Forecasting {
  func temperature() -> Int { 21 }
}

enum ForecastBoxes {
  static let factoryRuns = Locked(0)
  static let forecast = Resettable(inTests: .required) { () -> any Forecasting in
    ForecastBoxes.factoryRuns.mutate { $0 += 1 }
    return LiveForecast()
  }
}

/// What `generate-spies` writes for `Forecasting`, its placeholder conformance included.
final class ForecastingSpy: Spy<ForecastingSpy.Call>, Forecasting, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case temperature

    enum Method {
      case temperature
    }

    var method: Method { .temperature }
  }

  func temperature() -> Int { record(.temperature, placeholder: 0) }
}

extension ForecastingSpy: ProtocolSpyPlaceholder {
  static var spiedProtocol: Any.Type { (any Forecasting).self }
  static func makePlaceholderSpy() -> Any { ForecastingSpy() }
}

final class StationSpy: Spy<StationSpy.Call>, Station, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case forecast

    enum Method {
      case forecast
    }

    var method: Method { .forecast }
  }

  func forecast() -> any Forecasting { recordStubbed(.forecast) }
}

protocol Storing: Sendable {
  associatedtype Item
  func load() -> Item
}

protocol Depot: Sendable {
  func storage() throws(DepotError) -> any Storing
}

/// Thrown by an unstubbed `storage()` only where its result has no placeholder.
struct DepotError: Error, SpyPlaceholder {
  static var spyPlaceholder: DepotError { DepotError() }
}

/// What `generate-spies` writes for `Storing`: a generic spy, and its placeholder companion.
final class StoringSpy<Item>: Spy<StoringSpy<Item>.Call>, Storing, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case load

    enum Method {
      case load
    }

    var method: Method { .load }
  }

  func load() -> Item { recordStubbed(.load) }
}

final class StoringSpyPlaceholder: ProtocolSpyPlaceholder {
  static var spiedProtocol: Any.Type { (any Storing).self }
  static func makePlaceholderSpy() -> Any { StoringSpy<Int>() }
}

final class DepotSpy: Spy<DepotSpy.Call>, Depot, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case storage

    enum Method {
      case storage
    }

    var method: Method { .storage }
  }

  func storage() throws(DepotError) -> any Storing {
    try recordThrowing(.storage, as: DepotError.self)
  }
}
