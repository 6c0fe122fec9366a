// swift-tools-version: 6.1

import PackageDescription

// The end-to-end corpus of `swift package migrate-singletons` (issue 32): an app whose
// singletons are written the way apps write them, before SharedInstances. scripts/
// check-migration.sh migrates a copy of it with the command plugin, builds it, runs its tests,
// then adds PostMigration/ (isolated parallel tests that substitute the generated spies) and
// runs them. The sources here are never migrated in place.
let package = Package(
  name: "MigrationCorpus",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
  dependencies: [
    .package(name: "SharedInstances", path: "..")
  ],
  targets: [
    .target(
      name: "CorpusApp",
      dependencies: [.product(name: "SharedInstances", package: "SharedInstances")]
    ),
    .testTarget(
      name: "CorpusAppTests",
      dependencies: [
        "CorpusApp",
        .product(name: "SharedInstances", package: "SharedInstances"),
        .product(name: "SharedInstancesTesting", package: "SharedInstances"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
