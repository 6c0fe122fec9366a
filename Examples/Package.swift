// swift-tools-version: 6.1

import PackageDescription

// The examples depend on the library the way an app would, through its public products only.
//
// `name:` pins the dependency's name to "SharedInstances" whatever the folder of the clone is
// called: without it SwiftPM names a path dependency after its folder, and
// `.product(name:package:)` would have to guess that folder's name.
let sharedInstances = Target.Dependency.product(name: "SharedInstances", package: "SharedInstances")
let sharedInstancesLocator = Target.Dependency.product(
  name: "SharedInstancesLocator",
  package: "SharedInstances"
)
let sharedInstancesSystem = Target.Dependency.product(
  name: "SharedInstancesSystem",
  package: "SharedInstances"
)
let sharedInstancesLaunch = Target.Dependency.product(
  name: "SharedInstancesLaunch",
  package: "SharedInstances"
)
let sharedInstancesTesting = Target.Dependency.product(
  name: "SharedInstancesTesting",
  package: "SharedInstances"
)

// Each test target's `__Dependencies__` folder holds the dependency records its tests are
// checked against (see .ci/run); they are read from the source tree, not bundled.
let package = Package(
  name: "SharedInstancesExamples",
  platforms: [
    .iOS(.v16),
    .macOS(.v13),
    .tvOS(.v16),
    .watchOS(.v9),
  ],
  products: [
    .executable(name: "race-demo", targets: ["race-demo"]),
    .executable(name: "feed-tool", targets: ["feed-tool"]),
    .executable(name: "feed-server", targets: ["feed-server"]),
    // Two dynamic libraries that each link SharedInstances statically, and a host that loads
    // them: the two copies the library reports when the second loads.
    .library(name: "CopyInLibraryA", type: .dynamic, targets: ["CopyInLibraryA"]),
    .library(name: "CopyInLibraryB", type: .dynamic, targets: ["CopyInLibraryB"]),
    .executable(name: "load-libraries", targets: ["load-libraries"]),
  ],
  dependencies: [
    .package(name: "SharedInstances", path: "..")
  ],
  targets: [
    // 004: ArticleManager, the dispatch_once + setSharedInstance: pattern, and its race.
    .target(name: "ArticleManagerExample", dependencies: [sharedInstances]),
    .testTarget(
      name: "ArticleManagerExampleTests",
      dependencies: ["ArticleManagerExample", sharedInstances, sharedInstancesTesting],
      exclude: ["__Dependencies__"]
    ),
    .target(name: "OnceTokenRace", dependencies: [sharedInstances]),
    .executableTarget(name: "race-demo", dependencies: ["OnceTokenRace"]),
    .testTarget(name: "OnceTokenRaceTests", dependencies: ["OnceTokenRace", sharedInstances]),

    // 001: ScarySingleton and the view controller that uses it.
    .target(name: "ScarySingletonExample", dependencies: [sharedInstances]),
    .testTarget(
      name: "ScarySingletonExampleTests",
      dependencies: ["ScarySingletonExample", sharedInstances, sharedInstancesTesting],
      exclude: ["__Dependencies__"]
    ),

    // 002: MVVM with a service, and a service locator.
    .target(
      name: "MVVMServiceLocatorExample",
      dependencies: [sharedInstances, sharedInstancesLocator]
    ),
    .testTarget(
      name: "MVVMServiceLocatorExampleTests",
      dependencies: [
        "MVVMServiceLocatorExample", sharedInstances, sharedInstancesLocator,
        sharedInstancesTesting,
      ],
      exclude: ["__Dependencies__"]
    ),

    // 003: a push center usable as standalone instances.
    .target(name: "PushCenterExample", dependencies: [sharedInstances]),
    .testTarget(
      name: "PushCenterExampleTests",
      dependencies: ["PushCenterExample", sharedInstances, sharedInstancesTesting],
      exclude: ["__Dependencies__"]
    ),

    // Issue 22: time, dates and UUIDs — an order numbered by UUID, charged with retries and
    // exponential back-off on the clock, tested on a TestClock with no real sleep.
    .target(name: "OrderRetryExample", dependencies: [sharedInstancesSystem]),
    .testTarget(
      name: "OrderRetryExampleTests",
      dependencies: ["OrderRetryExample", sharedInstancesSystem, sharedInstancesTesting]
    ),

    // Issue 30: a bootstrap-once metrics facade (the shape of swift-metrics' MetricsSystem) on
    // `BootstrapOnce`: each isolated test bootstraps its own backend, in parallel.
    .target(name: "MetricsFacadeExample", dependencies: [sharedInstances]),
    .testTarget(
      name: "MetricsFacadeExampleTests",
      dependencies: ["MetricsFacadeExample", sharedInstances, sharedInstancesTesting],
      exclude: ["__Dependencies__"]
    ),

    // Issue 31: the system's own shared instances — a feed client that fetches JSON through
    // `SystemBoxes.urlSession`, caches it in user defaults and announces changes, tested in
    // parallel on stubs, ephemeral defaults, recording notification centers and a TestClock.
    .target(name: "FeedClientExample", dependencies: [sharedInstancesSystem]),
    .testTarget(
      name: "FeedClientExampleTests",
      dependencies: ["FeedClientExample", sharedInstancesSystem, sharedInstancesTesting]
    ),

    // A command-line tool that prints a feed fetched through `SystemBoxes.urlSession`,
    // with dates and UUIDs from `SystemBoxes`; its end-to-end tests launch the built executable
    // in parallel, each with its own hand-off (stubs, dates, UUIDs, a scenario).
    .target(name: "FeedToolExample", dependencies: [sharedInstances, sharedInstancesSystem]),
    .executableTarget(
      name: "feed-tool",
      dependencies: ["FeedToolExample", sharedInstances, sharedInstancesLaunch]
    ),
    .testTarget(
      name: "FeedToolEndToEndTests",
      dependencies: ["FeedToolExample", sharedInstancesTesting]
    ),

    // A small HTTP service on the loopback address: headlines fetched upstream through
    // `SystemBoxes.urlSession`, refreshed by a job on `SystemBoxes.continuousClock`; its
    // end-to-end tests launch the built server with a hand-off, talk to it over HTTP, and advance
    // its clock while it runs.
    .target(name: "FeedServerExample", dependencies: [sharedInstances, sharedInstancesSystem]),
    .executableTarget(
      name: "feed-server",
      dependencies: ["FeedServerExample", sharedInstances, sharedInstancesLaunch]
    ),
    .testTarget(
      name: "FeedServerEndToEndTests",
      dependencies: ["FeedServerExample", sharedInstancesTesting]
    ),

    // Two copies of the library in one process, as a framework and an app that each link it
    // statically make them: reported when the second loads.
    .target(name: "CopyInLibraryA", dependencies: [sharedInstances]),
    .target(name: "CopyInLibraryB", dependencies: [sharedInstances]),
    .executableTarget(name: "load-libraries"),
    // Runs the built host on the built libraries, which `swift build` makes beside it.
    .testTarget(name: "LibraryCopiesTests"),

    // 000: image downloading, the current user, and factories that receive the locator.
    .target(
      name: "ImageDownloadingExample",
      dependencies: [sharedInstances, sharedInstancesLocator]
    ),
    .testTarget(
      name: "ImageDownloadingExampleTests",
      dependencies: [
        "ImageDownloadingExample", sharedInstances, sharedInstancesLocator, sharedInstancesTesting,
      ],
      exclude: ["__Dependencies__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.name != "load-libraries" {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      // `any` spelled out for existentials, as Swift 7 will require.
      .enableUpcomingFeature("ExistentialAny"),
      // Only what a file imports is visible in it.
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
