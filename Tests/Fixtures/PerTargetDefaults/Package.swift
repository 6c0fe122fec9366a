// swift-tools-version: 6.1

import PackageDescription

// Three test targets that each declare their own test default for one box:
// SwiftPM links them into one test binary on Linux, and each target's tests must still get
// their own target's default, in Swift Testing and XCTest, under `swift test` and
// `swift test --parallel`. `scripts/check-per-target-defaults.sh` runs it (CI does).
let package = Package(
  name: "PerTargetDefaults",
  dependencies: [
    // `name:` lets the products below say `package: "SharedInstances"` whatever the folder of
    // the clone is called.
    .package(name: "SharedInstances", path: "../../..")
  ],
  targets: [
    .target(
      name: "Greetings",
      dependencies: [.product(name: "SharedInstances", package: "SharedInstances")]
    ),
    // `enum SharedTestDefaults: SharedTestDefaultsProviding`, the target's own type.
    .testTarget(
      name: "OneTests",
      dependencies: [
        "Greetings", .product(name: "SharedInstancesTesting", package: "SharedInstances"),
      ]
    ),
    .testTarget(
      name: "TwoTests",
      dependencies: [
        "Greetings", .product(name: "SharedInstancesTesting", package: "SharedInstances"),
      ]
    ),
    // The deprecated conformance of the library's `SharedTestDefaults`, in one target only.
    .testTarget(
      name: "LegacyTests",
      dependencies: [
        "Greetings", .product(name: "SharedInstancesTesting", package: "SharedInstances"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
