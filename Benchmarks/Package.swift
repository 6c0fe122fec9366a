// swift-tools-version: 6.1

import PackageDescription

// Benchmarks of SharedInstances against the libraries users would pick instead, in one run:
//
//   swift run -c release --package-path Benchmarks shared-instances-benchmarks [--quick]
//
// A package of its own, so the root package keeps zero dependencies.
let package = Package(
  name: "SharedInstancesBenchmarks",
  // `Synchronization` (the `Mutex` row, the thread start line) needs macOS 15.
  platforms: [.macOS(.v15)],
  dependencies: [
    // `name:` lets the products below say `package: "SharedInstances"` whatever the folder of
    // the clone is called (a path dependency is otherwise known by its folder's name).
    .package(name: "SharedInstances", path: ".."),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "shared-instances-benchmarks",
      dependencies: [
        .product(name: "SharedInstances", package: "SharedInstances"),
        .product(name: "SharedInstancesLocator", package: "SharedInstances"),
        .product(name: "SharedInstancesSystem", package: "SharedInstances"),
        .product(name: "SharedInstancesTesting", package: "SharedInstances"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Swinject", package: "Swinject"),
      ],
      swiftSettings: [
        // `any` spelled out for existentials, as Swift 7 will require.
        .enableUpcomingFeature("ExistentialAny"),
        // Only what a file imports is visible in it.
        .enableUpcomingFeature("MemberImportVisibility"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
