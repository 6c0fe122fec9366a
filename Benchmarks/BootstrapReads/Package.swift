// swift-tools-version: 6.1

import PackageDescription

// Issue 30: the read cost of a bootstrap-once box against the lock-protected global it replaces
// (the shape of swift-metrics' `MetricsSystem.factory`), side by side, in one release run:
//
//   swift run -c release --package-path Benchmarks/BootstrapReads bootstrap-reads
//
// A package of its own that depends on the library alone, so it builds in seconds (the main
// benchmark package also resolves swift-dependencies and Swinject).
let package = Package(
  name: "BootstrapReads",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "SharedInstances", path: "../..")],
  targets: [
    // A facade module that a client module reads, as an app reads swift-metrics (the
    // inlined-getter rows).
    .target(
      name: "MetricsFacade",
      dependencies: [.product(name: "SharedInstances", package: "SharedInstances")]
    ),
    .executableTarget(
      name: "bootstrap-reads",
      dependencies: [
        "MetricsFacade", .product(name: "SharedInstances", package: "SharedInstances"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = [
    // `any` spelled out for existentials, as Swift 7 will require.
    .enableUpcomingFeature("ExistentialAny"),
    // Only what a file imports is visible in it.
    .enableUpcomingFeature("MemberImportVisibility"),
  ]
}
