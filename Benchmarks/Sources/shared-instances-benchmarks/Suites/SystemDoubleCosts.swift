import Foundation
import SharedInstances
import SharedInstancesTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Issue 31: the network, user defaults, notification and file boxes.
///
/// 1. Live boxes against the system API they wrap (production reads, before any scope opens).
/// 2. The per-test cost of each double: an isolated scope that reads the box (which creates the
///    test's double) and ends (which cleans it up), against an isolated scope that reads a
///    plain box; the difference is the double's set-up and tear-down.
/// 3. A stubbed request's round trip through the URL loading machinery (`TestNetwork`), against
///    a stub at the level of a Swift protocol the app would own.
enum SystemDoubleCosts {
  struct Row {
    let name: String
    let baseline: String
    let subject: String
    let baselineSample: Sample
    let subjectSample: Sample
  }

  // MARK: 1. Live boxes

  static func live(_ sampler: Sampler) -> [Row] {
    var rows: [Row] = []
    func measure(
      _ name: String,
      _ baseline: String,
      _ subject: String,
      _ operations: [() -> AnyObject]
    ) {
      printToStandardError("  \(name)")
      let samples = operations.map { sampler.measure($0) }
      rows.append(Row(name, baseline, subject, samples[0], samples[1]))
    }
    let key = "SystemDoubleCosts.key"
    UserDefaults.standard.set(1, forKey: key)
    measure(
      "user defaults",
      "`UserDefaults.standard`",
      "`SystemBoxes.userDefaults.value.defaults`",
      [{ UserDefaults.standard }, { SystemBoxes.userDefaults.value.defaults }]
    )
    measure(
      "user defaults, a read of a key",
      "`UserDefaults.standard.integer(forKey:)`",
      "the same through the box",
      [
        { Holder.shared.take(UserDefaults.standard.integer(forKey: key)) },
        { Holder.shared.take(SystemBoxes.userDefaults.value.defaults.integer(forKey: key)) },
      ]
    )
    UserDefaults.standard.removeObject(forKey: key)
    measure(
      "notification center",
      "`NotificationCenter.default`",
      "`SystemBoxes.notificationCenter.value`",
      [{ NotificationCenter.default }, { SystemBoxes.notificationCenter.value }]
    )
    let name = Notification.Name("SystemDoubleCosts.nobodyListens")
    measure(
      "a post nobody observes",
      "`NotificationCenter.default.post`",
      "the same through the box",
      [
        {
          NotificationCenter.default.post(name: name, object: nil)
          return Holder.shared
        },
        {
          SystemBoxes.notificationCenter.value.post(name: name, object: nil)
          return Holder.shared
        },
      ]
    )
    measure(
      "temporary directory",
      "`FileManager.default.temporaryDirectory`",
      "`SystemBoxes.directories.value.temporary`",
      [
        { FileManager.default.temporaryDirectory as NSURL },
        { SystemBoxes.directories.value.temporary as NSURL },
      ]
    )
    measure(
      "URL session",
      "`URLSession.shared`",
      "`SystemBoxes.urlSession.value`",
      [{ URLSession.shared }, { SystemBoxes.urlSession.value }]
    )
    return rows
  }

  // MARK: 2. Per-test cost

  static func perTest(_ sampler: Sampler) -> [Row] {
    var rows: [Row] = []
    let floor = Resettable { Holder() }
    let plainScope = "a scope that reads a plain box"
    func measure(
      _ name: String,
      _ subject: String,
      baseline: String = plainScope,
      _ base: @escaping () -> AnyObject = { floor.value },
      _ body: @escaping () -> AnyObject
    ) {
      printToStandardError("  \(name)")
      // Baseline and subject alternate, repetition by repetition, so drift hits both alike.
      var baselines: [Double] = []
      var subjects: [Double] = []
      let sample = Sampler(
        settings: Settings(
          repetitions: 1,
          nanosecondsPerRepetition: sampler.settings.nanosecondsPerRepetition
        )
      )
      for _ in 0..<sampler.settings.repetitions {
        baselines.append(sample.measure { withIsolatedShared(name: "baseline") { base() } }.median)
        subjects.append(sample.measure { withIsolatedShared(name: "double") { body() } }.median)
      }
      rows.append(Row(name, baseline, subject, Sample(baselines), Sample(subjects)))
    }
    measure("user defaults, untouched", "reads `SystemBoxes.userDefaults`") {
      SystemBoxes.userDefaults.value
    }
    measure(
      "user defaults, one value written",
      "the box's suite, one value written",
      baseline: "a suite made by hand, one value written, never removed",
      {
        let defaults = UserDefaults(suiteName: "SystemDoubleCosts.\(UUID().uuidString)")!
        defaults.set(1, forKey: "written")
        return defaults
      }
    ) {
      let store = SystemBoxes.userDefaults.value
      store.defaults.set(1, forKey: "written")
      return store
    }
    measure("notification center", "reads `SystemBoxes.notificationCenter`") {
      SystemBoxes.notificationCenter.value
    }
    measure("directories, no folder used", "reads `SystemBoxes.directories`") {
      SystemBoxes.directories.value.hashValue as NSNumber
    }
    measure("directories, one folder used", "reads `SystemBoxes.directories.value.documents`") {
      SystemBoxes.directories.value.documents as NSURL
    }
    measure("network", "reads `SystemBoxes.urlSession`") {
      SystemBoxes.urlSession.value
    }
    return rows
  }

  // MARK: 3. A stubbed request

  static func requests(_ sampler: Sampler) async -> [Row] {
    printToStandardError("  a stubbed request")
    let url = URL(string: "https://api.example.com/feed")!
    let body = Data(#"{"items":[]}"#.utf8)
    let network = TestNetwork()
    network.stub(.get(url.absoluteString), .data(body))
    let session = network.session
    let client: any HTTPClient = StubbedHTTPClient(body: body)
    let protocolLevel = await sampler.measure {
      Holder.shared.take((try? await client.data(from: url))?.0.count ?? -1)
    }
    let machinery = await sampler.measure {
      Holder.shared.take((try? await session.data(from: url))?.0.count ?? -1)
    }
    return [
      Row(
        "a stubbed GET, 12-byte body",
        "a stub of a Swift protocol (`HTTPClient`)",
        "`TestNetwork` through `URLSession.data(from:)`",
        protocolLevel,
        machinery
      )
    ]
  }

  // MARK: Report

  static func markdownTable(_ rows: [Row], unit: String = "ns") -> String {
    var lines = [
      "| what | baseline | \(unit) | measured | \(unit) | difference | × | difference of the fastest |",
      "|---|---|--:|---|--:|--:|--:|--:|",
    ]
    for row in rows {
      let base = row.baselineSample.median
      let subject = row.subjectSample.median
      let fastest = row.subjectSample.minimum - row.baselineSample.minimum
      lines.append(
        "| \(row.name) | \(row.baseline) | \(format(base)) | \(row.subject) | \(format(subject)) | "
          + "\(format(subject - base)) | \(String(format: "%.2f", subject / base)) | "
          + "\(format(fastest)) |"
      )
    }
    return lines.joined(separator: "\n")
  }

  private static func format(_ nanoseconds: Double) -> String {
    String(format: "%.1f", nanoseconds)
  }
}

extension SystemDoubleCosts.Row {
  init(_ name: String, _ baseline: String, _ subject: String, _ base: Sample, _ measured: Sample) {
    self.init(
      name: name,
      baseline: baseline,
      subject: subject,
      baselineSample: base,
      subjectSample: measured
    )
  }
}

/// The object the measured closures return, holding what they computed.
private final class Holder: @unchecked Sendable {
  // @unchecked: written by one benchmark thread at a time, read by none.
  static let shared = Holder()
  var last = 0

  func take(_ value: Int) -> Holder {
    last = value
    return self
  }
}

/// What an app that stubs at the level of its own protocol would inject.
private protocol HTTPClient: Sendable {
  func data(from url: URL) async throws -> (Data, URLResponse)
}

private struct StubbedHTTPClient: HTTPClient {
  let body: Data

  func data(from url: URL) async throws -> (Data, URLResponse) {
    let response = HTTPURLResponse(
      url: url,
      statusCode: 200,
      httpVersion: "HTTP/1.1",
      headerFields: [:]
    )
    guard let response else { throw URLError(.badServerResponse) }
    return (body, response)
  }
}
