// swift-tools-version: 6.1

import PackageDescription

// Spies generated from the REAL symbol graphs of light server-side modules, compiled the way
// users compile them: each module's spies in a test target of another module, which depends on
// the real package. `scripts/spy-real-modules-report.sh` generates them into each test target's
// `Generated/` folder (ignored by git), builds, and reports; nothing generated is committed. CI
// runs this package's report (`--ci`); NIOCore is measured with the heavy package.
let package = Package(
  name: "SpyRealModulesLight",
  platforms: [
    .iOS(.v16),
    .macOS(.v13),
    .tvOS(.v16),
    .watchOS(.v9),
  ],
  dependencies: [
    .package(name: "SharedInstances", path: "../../.."),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
  ],
  targets: [
    // App protocols of our own over Foundation networking (URLSession, URLRequest).
    .target(name: "AppNetworking"),
    spies("AppNetworking", .target(name: "AppNetworking")),
    spies("Logging", .product(name: "Logging", package: "swift-log")),
    spies("CoreMetrics", .product(name: "CoreMetrics", package: "swift-metrics")),
    spies("Metrics", .product(name: "Metrics", package: "swift-metrics")),
    spies(
      "ServiceContextModule",
      .product(name: "Instrumentation", package: "swift-distributed-tracing")
    ),
    spies(
      "Instrumentation",
      .product(name: "Instrumentation", package: "swift-distributed-tracing")
    ),
    spies("Tracing", .product(name: "Tracing", package: "swift-distributed-tracing")),
    spies(
      "ServiceLifecycle",
      .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
    ),
    spies("ArgumentParser", .product(name: "ArgumentParser", package: "swift-argument-parser")),
    spies(
      "OpenAPIRuntime",
      .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")
    ),
  ],
  swiftLanguageModes: [.v6]
)

/// The test target `<Module>Spies`: the module's generated spies (in `Generated/`), compiled
/// against the real module and `SharedInstancesTesting`, as a user's test target would.
func spies(_ module: String, _ dependency: Target.Dependency) -> Target {
  .testTarget(
    name: "\(module)Spies",
    dependencies: [
      dependency,
      .product(name: "SharedInstancesTesting", package: "SharedInstances"),
    ]
  )
}

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      // `any` spelled out for existentials, as Swift 7 will require.
      .enableUpcomingFeature("ExistentialAny"),
      // Only what a file imports is visible in it: a spy must import every module it uses.
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
