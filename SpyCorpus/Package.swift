// swift-tools-version: 6.1

import PackageDescription

// The protocol shapes the spy generator must handle, one per requirement kind, and a test suite
// that exercises the spies `generate-spies` writes for them. The spies in
// Tests/SpyCorpusTests/Spies are committed (the generator's reference output, configured in
// generate-spies.json); `scripts/check-spies.sh` checks they are up to date and runs the tests.
let package = Package(
  name: "SpyCorpus",
  platforms: [
    .iOS(.v16),
    .macOS(.v13),
    .tvOS(.v16),
    .watchOS(.v9),
  ],
  dependencies: [
    .package(name: "SharedInstances", path: "..")
  ],
  targets: [
    .target(name: "SpyCorpus"),
    .testTarget(
      name: "SpyCorpusTests",
      dependencies: [
        "SpyCorpus",
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
      .enableUpcomingFeature("ExistentialAny"),
      // Only what a file imports is visible in it.
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
