// swift-tools-version: 6.1

import PackageDescription

// Spies generated from the REAL symbol graphs of heavier modules (event loops, HTTP clients and
// servers, dependency injection), compiled the way users compile them: each module's spies in a
// test target of another module, which depends on the real package. The full report of
// `scripts/spy-real-modules-report.sh` generates them into each test target's `Generated/` folder
// (ignored by git); nothing generated is committed. First debug builds take minutes: CI builds
// the light package only.
let package = Package(
  name: "SpyRealModulesHeavy",
  platforms: [
    .iOS(.v17),
    .macOS(.v14),
    .tvOS(.v17),
    .watchOS(.v10),
  ],
  dependencies: [
    .package(name: "SharedInstances", path: "../../.."),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
  ],
  targets: [
    spies("NIOCore", .product(name: "NIOCore", package: "swift-nio")),
    spies("NIOPosix", .product(name: "NIOPosix", package: "swift-nio")),
    spies("AsyncHTTPClient", .product(name: "AsyncHTTPClient", package: "async-http-client")),
    spies("HummingbirdCore", .product(name: "HummingbirdCore", package: "hummingbird")),
    spies("Hummingbird", .product(name: "Hummingbird", package: "hummingbird")),
    spies("Dependencies", .product(name: "Dependencies", package: "swift-dependencies")),
    spies("Vapor", .product(name: "Vapor", package: "vapor")),
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
