import Foundation
import OnceTokenRace

// The race demo: `swift run --package-path Examples race-demo [--seconds S] [--readers N]`.

func usage() -> String {
  """
  usage: race-demo [--seconds S] [--readers N]
    --seconds S   how long each row runs, 0 < S <= 60 (default 0.4)
    --readers N   reader threads besides the writer, 1...32 (default 3)
  """
}

func fail(_ message: String) -> Never {
  print("race-demo: \(message)\n\(usage())")
  exit(2)
}

var seconds = 0.4
var readers = 3
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--help", "-h":
    print(usage())
    exit(0)
  case "--seconds":
    guard let text = arguments.popFirst(), let value = Double(text), value > 0, value <= 60 else {
      fail("--seconds needs a number of seconds greater than 0 and at most 60")
    }
    seconds = value
  case "--readers":
    guard let text = arguments.popFirst(), let value = Int(text), (1...32).contains(value) else {
      fail("--readers needs a whole number from 1 to 32")
    }
    readers = value
  default:
    fail("unknown argument '\(argument)'")
  }
}

let workload = RaceWorkload(readers: readers, seconds: seconds)
let rows = RaceDemo.run(workload)
print(RaceDemo.report(rows, workload: workload))

let broken = rows.filter { $0.isResettable && $0.violations.total > 0 }
if broken.isEmpty {
  print("\nResettable: 0 violations. The Objective-C pattern: see its rows.")
} else {
  print("\nResettable showed violations: this is a bug in SharedInstances.")
  exit(1)
}
