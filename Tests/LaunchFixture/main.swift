// A program the launch tests start, linked with SharedInstancesLaunch as an app would be. Each
// argument is a command; it prints what it reads through the boxes, one line each.
import Foundation
import SharedInstances
import SharedInstancesLaunch
import SharedInstancesSystem

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct FixtureSettings: Codable, Sendable {
  var pageSize: Int
}

struct Greeting: Codable, Sendable {
  var text: String
}

enum Fixture {
  static let greeting = Resettable<String>(name: "Fixture.greeting") { "real greeting" }
  static let settings = Resettable<FixtureSettings>(name: "Fixture.settings") {
    FixtureSettings(pageSize: 20)
  }
  static let unoverridden = Resettable<String>(name: "Fixture.unoverridden") { "real" }
  static let empty = Resettable<String>.empty(name: "Fixture.empty")
}

LaunchReceiver.declare(
  scenarios: [
    LaunchScenario("greeting") { (parameters: Greeting) in
      Fixture.greeting.override(with: parameters.text)
    },
    LaunchScenario("shout") { Fixture.greeting.override(with: "HELLO") },
  ],
  overridable: [LaunchOverridable(Fixture.settings)]
)

func fetch(_ url: String, with session: URLSession) async {
  do {
    let (data, response) = try await session.data(from: URL(string: url)!)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    print("fetch \(status) \(String(decoding: data, as: UTF8.self))")
  } catch let error as URLError {
    print("fetch failed \(error.code.rawValue)")
  } catch {
    print("fetch failed \(error)")
  }
}

var arguments = CommandLine.arguments.dropFirst()
if let handoff = arguments.firstIndex(of: "--shared-instances-launch-handoff") {
  arguments.removeSubrange(handoff..<min(handoff + 3, arguments.endIndex))
}
var remaining = Array(arguments)
while !remaining.isEmpty {
  let command = remaining.removeFirst()
  switch command {
  case "launched": print("launched \(LaunchReceiver.isLaunchedByTest)")
  case "date": print("date \(SystemBoxes.date.value.now.timeIntervalSince1970)")
  case "uuid": print("uuid \(SystemBoxes.uuid.value().uuidString)")
  case "random":
    var generator = SystemBoxes.random.value
    print("random \(generator.next())")
  case "defaults":
    let key = remaining.removeFirst()
    let value = SystemBoxes.userDefaults.value.defaults.object(forKey: key)
    print("defaults \(value.map { "\($0)" } ?? "nil")")
  case "directories": print("directories \(SystemBoxes.directories.value.documents.path)")
  case "greeting": print("greeting \(Fixture.greeting.value)")
  case "settings": print("settings \(Fixture.settings.value.pageSize)")
  case "unoverridden": print("unoverridden \(Fixture.unoverridden.value)")
  case "sleep":
    let clock = SystemBoxes.continuousClock.value
    try? await clock.sleep(for: .seconds(3600))
    print("clock \(clock.now.offset)")
  case "empty": print("empty \(Fixture.empty.value)")
  case "fetch": await fetch(remaining.removeFirst(), with: SystemBoxes.urlSession.value)
  case "fetch-shared": await fetch(remaining.removeFirst(), with: URLSession.shared)
  default: print("unknown command \(command)")
  }
}
