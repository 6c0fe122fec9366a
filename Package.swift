// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "SharedInstances",
  // Swift concurrency's minimums. What uses `Duration` or `Clock` (the clock boxes, the test
  // clocks, timed waits) is `@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)`; every target
  // is type-checked at these minimums by scripts/check-apple-availability.sh (with an Apple SDK).
  platforms: [
    .iOS(.v13),
    .macOS(.v10_15),
    .tvOS(.v13),
    .watchOS(.v6),
  ],
  products: [
    .library(name: "SharedInstances", targets: ["SharedInstances"]),
    // `ServiceLocator`: a module of its own, so that a program using one box does not carry it.
    .library(name: "SharedInstancesLocator", targets: ["SharedInstancesLocator"]),
    // The system's singletons (date, UUIDs, clocks, random numbers, locale): Foundation lives
    // here, never in the core, so a library can depend on `SharedInstances` alone.
    .library(name: "SharedInstancesSystem", targets: ["SharedInstancesSystem"]),
    // Test support, one product per job; `SharedInstancesTesting` re-exports them all, so a test
    // file needs one import.
    .library(name: "SharedInstancesTesting", targets: ["SharedInstancesTesting"]),
    // `.isolatedShared`, `IsolatedSharedTestCase`, `withIsolatedShared`, test defaults.
    .library(name: "SharedInstancesTestIsolation", targets: ["SharedInstancesTestIsolation"]),
    // `Spy` and what generated spies are made of.
    .library(name: "SharedInstancesSpies", targets: ["SharedInstancesSpies"]),
    // Test doubles of the system's singletons: clocks, network, user defaults, directories.
    .library(name: "SharedInstancesSystemDoubles", targets: ["SharedInstancesSystemDoubles"]),
    // The records of which shared instances each test touches, and the map drawn from them.
    .library(name: "SharedInstancesDependencyMap", targets: ["SharedInstancesDependencyMap"]),
    // The receiving end of a test's hand-off, linked by a program that tests launch (an app, a
    // server, a tool): takes the test's doubles before `main`, in debug builds only.
    .library(name: "SharedInstancesLaunch", targets: ["SharedInstancesLaunch"]),
    // `swift package generate-spies`: spies generated from the compiler's symbol graph.
    .plugin(name: "GenerateSpies", targets: ["GenerateSpies"]),
    // `swift package migrate-singletons`: boxes a target's singletons.
    .plugin(name: "MigrateSingletons", targets: ["MigrateSingletons"]),
  ],
  // A release build takes no hand-off from a test (no file read, no double) unless the program's
  // package enables this trait: for UI performance tests of a release build.
  traits: [
    .trait(
      name: "LaunchHandoffInRelease",
      description: "Release builds of SharedInstancesLaunch take a test's hand-off"
    )
  ],
  targets: [
    // C11 atomics, hazard pointers and a mutex: one code path on every platform, since the
    // Synchronization module needs macOS 15 / iOS 18.
    .target(name: "_SharedInstancesShims"),
    .target(
      name: "SharedInstances",
      dependencies: ["_SharedInstancesShims"],
      // The Promela model of the reclamation protocol (scripts/check-model.sh checks it).
      exclude: ["MemorySafety/Model"]
    ),
    // The isolation and diagnostics machinery the core reaches through `_IsolationHooks`: only
    // test processes link it (through SharedInstancesTesting), so a production binary does not
    // carry it.
    .target(name: "_SharedInstancesIsolation", dependencies: ["SharedInstances"]),
    .target(name: "SharedInstancesLocator", dependencies: ["SharedInstances"]),
    .target(name: "SharedInstancesSystem", dependencies: ["SharedInstances"]),
    // Notices, when the process loads, that it is an exit test's child (ExitTestChild.c).
    .target(name: "_SharedInstancesTestingShims"),
    // Test support, bottom up. Routes a failure to the test framework that is running.
    .target(
      name: "_SharedInstancesTestReporting",
      dependencies: ["SharedInstances", "_SharedInstancesIsolation"]
    ),
    .target(
      name: "SharedInstancesSpies",
      dependencies: [
        "SharedInstances", "_SharedInstancesIsolation", "_SharedInstancesTestReporting",
      ]
    ),
    .target(
      name: "SharedInstancesSystemDoubles",
      dependencies: [
        "SharedInstances", "SharedInstancesSystem", "_SharedInstancesIsolation",
        "_SharedInstancesTestReporting",
      ]
    ),
    .target(
      name: "SharedInstancesDependencyMap",
      dependencies: [
        "SharedInstances", "_SharedInstancesIsolation", "_SharedInstancesTestReporting",
      ],
      // The map's page, as the files it is edited as; compiled into the code, no bundle.
      resources: [
        .embedInCode("Page/dependencies.html"),
        .embedInCode("Page/dependencies.css"),
        .embedInCode("Page/dependencies.js"),
      ]
    ),
    // The trait and the XCTest base class: open a scope per test and bring the others in.
    .target(
      name: "SharedInstancesTestIsolation",
      dependencies: [
        "SharedInstances", "SharedInstancesSystem", "_SharedInstancesIsolation",
        "_SharedInstancesTestReporting", "SharedInstancesSpies", "SharedInstancesSystemDoubles",
        "SharedInstancesDependencyMap", "_SharedInstancesTestingShims",
      ]
    ),
    // Re-exports the library and every test-support module: the one import of a test file.
    .target(
      name: "SharedInstancesTesting",
      dependencies: [
        "SharedInstances", "SharedInstancesLocator", "SharedInstancesSystem",
        "SharedInstancesTestIsolation", "SharedInstancesSpies", "SharedInstancesSystemDoubles",
        "SharedInstancesDependencyMap", "SharedInstancesLaunchTesting",
      ]
    ),
    // Finds a test's hand-off when a launched program loads (LaunchReceiver.c).
    .target(
      name: "_SharedInstancesLaunchShims",
      cSettings: [
        .define("SI_LAUNCH_HANDOFF_IN_RELEASE", .when(traits: ["LaunchHandoffInRelease"]))
      ]
    ),
    .target(
      name: "SharedInstancesLaunch",
      dependencies: [
        "SharedInstances", "SharedInstancesSystem", "_SharedInstancesIsolation",
        "_SharedInstancesLaunchShims",
      ]
    ),
    // The test's side of a hand-off: prepares it, launches, reads back what the process did.
    .target(
      name: "SharedInstancesLaunchTesting",
      dependencies: [
        "SharedInstances", "SharedInstancesLaunch", "SharedInstancesSystem",
        "SharedInstancesDependencyMap", "_SharedInstancesIsolation",
      ]
    ),
    // A program the launch tests start: it links SharedInstancesLaunch as an app would.
    .executableTarget(
      name: "shared-instances-launch-fixture",
      dependencies: ["SharedInstances", "SharedInstancesLaunch", "SharedInstancesSystem"],
      path: "Tests/LaunchFixture"
    ),
    // An app that hosts its tests (XCTest and Swift Testing) after its launch code read boxes.
    .executableTarget(
      name: "shared-instances-hosted-fixture",
      dependencies: ["SharedInstances", "SharedInstancesTesting"],
      path: "Tests/LaunchHostedFixture"
    ),
    .testTarget(
      name: "SharedInstancesLaunchTests",
      dependencies: [
        "SharedInstances", "SharedInstancesDependencyMap", "SharedInstancesLaunch",
        "SharedInstancesLaunchTesting", "SharedInstancesSystem", "SharedInstancesTesting",
        "TestSupport",
      ]
    ),
    // Helpers shared by the test targets only; no product exposes it.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "SharedInstancesTests",
      dependencies: [
        "SharedInstances", "SharedInstancesLocator", "_SharedInstancesIsolation",
        "_SharedInstancesShims", "TestSupport",
        // `SharedScope.leaveExitTestIsolation()`, for exit tests of what production code does.
        "SharedInstancesTestIsolation",
      ]
    ),
    .testTarget(
      name: "SharedInstancesLocatorTests",
      dependencies: [
        "SharedInstances", "SharedInstancesLocator", "SharedInstancesTesting", "TestSupport",
      ]
    ),
    .testTarget(
      name: "SharedInstancesSystemTests",
      dependencies: ["SharedInstances", "SharedInstancesSystem", "TestSupport"]
    ),
    // The release-mode torture of the core (CI runs it in release, in both fence modes, and
    // under AddressSanitizer): `swift run -c release shared-instances-torture`.
    .executableTarget(
      name: "shared-instances-torture",
      dependencies: [
        "SharedInstances", "SharedInstancesLocator", "_SharedInstancesIsolation",
        "_SharedInstancesShims", "TestSupport",
      ]
    ),
    // Boxes, values and helpers the test targets of isolation, the system doubles, the
    // dependency map and the documentation's snippets share (XCTest's failure capture too).
    .target(
      name: "IsolationTestSupport",
      dependencies: ["SharedInstances", "SharedInstancesTestIsolation", "TestSupport"],
      path: "Tests/IsolationTestSupport"
    ),
    .testTarget(
      name: "SharedInstancesTestIsolationTests",
      dependencies: [
        "SharedInstances", "SharedInstancesLocator", "SharedInstancesSystem",
        "SharedInstancesTesting", "_SharedInstancesIsolation", "TestSupport",
        "IsolationTestSupport", "SharedInstancesDependencyMap", "SharedInstancesSpies",
        "SharedInstancesSystemDoubles", "SharedInstancesTestIsolation",
        "_SharedInstancesTestReporting", "SpyTestSupport",
      ]
    ),
    .testTarget(
      name: "SharedInstancesSystemDoublesTests",
      dependencies: [
        "SharedInstances", "SharedInstancesSystem", "SharedInstancesSystemDoubles",
        "SharedInstancesTesting", "TestSupport", "IsolationTestSupport",
      ]
    ),
    .testTarget(
      name: "SharedInstancesDependencyMapTests",
      dependencies: [
        "SharedInstances", "SharedInstancesDependencyMap", "SharedInstancesTesting",
        "_SharedInstancesIsolation", "TestSupport", "IsolationTestSupport",
      ],
      // Dependency records the tests check against (read from the source tree, not bundled).
      exclude: ["__Dependencies__"]
    ),
    // The documentation's snippets, compiled and run: they import `SharedInstancesTesting` as
    // the articles do.
    .testTarget(
      name: "SharedInstancesTestingTests",
      dependencies: [
        "SharedInstances", "SharedInstancesLocator", "SharedInstancesSystem",
        "SharedInstancesTesting", "TestSupport", "IsolationTestSupport", "PublicImportFixture",
      ]
    ),
    // A spy and helpers the test targets of the spies and of isolation share.
    .target(
      name: "SpyTestSupport",
      dependencies: ["SharedInstancesTesting"],
      path: "Tests/SpyTestSupport"
    ),
    .testTarget(
      name: "SharedInstancesSpiesTests",
      dependencies: [
        "SharedInstances", "SharedInstancesTesting", "SharedInstancesSpies",
        "_SharedInstancesIsolation", "_SharedInstancesTestReporting", "TestSupport",
        "SpyTestSupport",
      ]
    ),
    // A module with `InternalImportsByDefault` that shows a box in its interface: the Getting
    // Started article's `public import SharedInstances`, compiled.
    .target(
      name: "PublicImportFixture",
      dependencies: ["SharedInstances"],
      path: "Tests/PublicImportFixture",
      swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
    ),
    // The internal modules' own API, each in a test target of its own.
    .testTarget(
      name: "_SharedInstancesIsolationTests",
      dependencies: ["SharedInstances", "_SharedInstancesIsolation"]
    ),
    .testTarget(
      name: "_SharedInstancesTestReportingTests",
      dependencies: ["SharedInstances", "_SharedInstancesTestReporting"]
    ),
    // The test's side of a hand-off, without launching a process (SharedInstancesLaunchTests
    // launch the fixture).
    .testTarget(
      name: "SharedInstancesLaunchTestingTests",
      dependencies: [
        "SharedInstancesLaunch", "SharedInstancesLaunchTesting", "SharedInstancesSystem",
      ]
    ),
    // Imports `SharedInstancesTesting` alone, as the docs show: proves that one import is enough.
    .testTarget(name: "SingleImportTests", dependencies: ["SharedInstancesTesting"]),
    // The spy generator: a library its tests call directly, a thin executable, a thin plugin.
    .target(name: "_SpyGeneratorCore"),
    .executableTarget(name: "generate-spies", dependencies: ["_SpyGeneratorCore"]),
    .plugin(
      name: "GenerateSpies",
      // No permission is declared: SwiftPM would ask for it before any run, `--check` and
      // `--help` included. Writing spies needs `--allow-writing-to-package-directory`.
      capability: .command(
        intent: .custom(
          verb: "generate-spies",
          description: "Generates Spy-based test doubles from a target's protocols"
        )
      ),
      dependencies: ["generate-spies"]
    ),
    .testTarget(
      name: "SpyGeneratorCoreTests",
      dependencies: ["_SpyGeneratorCore", "TestSupport"],
      exclude: ["Fixtures", "References"]
    ),
    // The singleton migrator, built like the spy generator: a library its tests call
    // directly, a thin executable, a thin plugin. It writes spies with the generator's core.
    .target(name: "_SingletonMigratorCore", dependencies: ["_SpyGeneratorCore"]),
    .executableTarget(
      name: "migrate-singletons",
      dependencies: ["_SingletonMigratorCore", "_SpyGeneratorCore"]
    ),
    .plugin(
      name: "MigrateSingletons",
      // No permission is declared: SwiftPM would ask for it before any run, a plan, `--check`
      // and `--help` included. `--apply` needs `--allow-writing-to-package-directory`.
      capability: .command(
        intent: .custom(
          verb: "migrate-singletons",
          description: "Rewrites a target's singletons into Resettable boxes"
        )
      ),
      dependencies: ["migrate-singletons"]
    ),
    .testTarget(
      name: "SingletonMigratorCoreTests",
      dependencies: ["_SingletonMigratorCore", "_SpyGeneratorCore", "TestSupport"],
      exclude: ["References"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Plugin targets accept no Swift settings.
for target in package.targets
where !target.name.hasSuffix("Shims") && target.type != .plugin {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      // `any` spelled out for existentials, as Swift 7 will require.
      .enableUpcomingFeature("ExistentialAny"),
      // Only what a file imports is visible in it.
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
