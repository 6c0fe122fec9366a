// swift-tools-version: 6.1

import PackageDescription

// What a `TestClock` wake costs in real time: `swift run -c release test-clock-wakes`
// (BENCHMARKS.md, "TestClock wakes").
let package = Package(
  name: "TestClockWakes",
  dependencies: [
    // `name:` lets the product below say `package: "SharedInstances"` whatever the folder of
    // the clone is called.
    .package(name: "SharedInstances", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "test-clock-wakes",
      dependencies: [.product(name: "SharedInstancesTesting", package: "SharedInstances")]
    )
  ],
  swiftLanguageModes: [.v6]
)
