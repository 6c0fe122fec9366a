// swift-tools-version: 6.1

import PackageDescription

// The size a production executable pays for SharedInstances: one program, a bootstrap-once
// metrics factory read on every use, built twice: `one-box` holds the factory in a
// `Resettable`, `no-library` in the lock-protected global it replaces. `measure.sh` builds both
// in release, strips them and compares (BENCHMARKS.md, "Binary size").
let package = Package(
  name: "BinarySize",
  dependencies: [
    // `name:` lets the product below say `package: "SharedInstances"` whatever the folder of
    // the clone is called.
    .package(name: "SharedInstances", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "one-box",
      dependencies: [.product(name: "SharedInstances", package: "SharedInstances")]
    ),
    .executableTarget(name: "no-library"),
  ],
  swiftLanguageModes: [.v6]
)
