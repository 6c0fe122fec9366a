// swift-tools-version: 6.1

import PackageDescription

// A corpus of protocols in the shapes real projects have, learned from the test fixtures of
// Mockolo, Mockable, swift-spyable, Cuckoo and Sourcery and from ordinary app code (services,
// repositories, delegates, async APIs). `scripts/spy-corpus-report.sh` runs generate-spies on this
// module and type-checks every spy it writes on its own; nothing here is generated or committed
// from the generator's output.
let package = Package(
  name: "SpyRealWorld",
  platforms: [
    .iOS(.v16),
    .macOS(.v13),
    .tvOS(.v16),
    .watchOS(.v9),
  ],
  dependencies: [
    .package(name: "SharedInstances", path: "../..")
  ],
  targets: [
    .target(name: "RealWorldCorpus"),
    // Builds the module the spies import (SharedInstancesTesting) beside the corpus, and checks
    // that the corpus is what the report expects.
    .testTarget(
      name: "RealWorldCorpusTests",
      dependencies: [
        "RealWorldCorpus",
        .product(name: "SharedInstancesTesting", package: "SharedInstances"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      // `any` spelled out for existentials, as Swift 7 will require.
      .enableUpcomingFeature("ExistentialAny")
    ]
}
