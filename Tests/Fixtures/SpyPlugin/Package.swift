// swift-tools-version: 6.1

import PackageDescription

// An app that depends on SharedInstances and on a local package (Weather, one product of two
// modules): `scripts/check-spy-plugin.sh` runs `swift package generate-spies --module` and
// `--product` here, checks the spy files written, builds them into AppTests and runs the test
// that uses them (CI does). The spies are written into git-ignored folders.
let package = Package(
  name: "SpyPlugin",
  dependencies: [
    // `name:` lets the products below say `package: "SharedInstances"` whatever the folder of
    // the clone is called.
    .package(name: "SharedInstances", path: "../../.."),
    .package(path: "Weather"),
  ],
  targets: [
    .target(name: "App", dependencies: [.product(name: "Weather", package: "Weather")]),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "App",
        .product(name: "Weather", package: "Weather"),
        .product(name: "SharedInstancesTesting", package: "SharedInstances"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
