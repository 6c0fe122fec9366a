#!/usr/bin/env bash
# Measures the spy generator (BENCHMARKS.md, "Generated spies"):
#   1. `swift package generate-spies` on a target of 50 protocols x 8 requirements, end to end
#      (symbol graph included) and the generate-spies tool alone;
#   2. the clean build time of a test target that uses the 50 generated spies, against the same
#      50 services written as swift-dependencies `@DependencyClient` structs (swift-syntax
#      macros), resolved from the local copies under /opt/swift-packages.
#
#   bash scripts/bench-spies.sh [work-folder]     # default: /tmp/spy-bench
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/spy-bench}
copies=${SWIFT_PACKAGE_COPIES:-/opt/swift-packages}
rm -rf "$work"
mkdir -p "$work"

now() { date +%s.%N; }
elapsed() { echo "$2 - $1" | bc; }

# --- The generated-spies package --------------------------------------------------------------
spies="$work/GeneratedSpies"
mkdir -p "$spies/Sources/Services" "$spies/Tests/ServicesTests"
cat > "$spies/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "GeneratedSpies",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "SharedInstances", path: "$root")],
  targets: [
    .target(name: "Services"),
    .testTarget(
      name: "ServicesTests",
      dependencies: [
        "Services", .product(name: "SharedInstancesTesting", package: "SharedInstances"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
SWIFT
{
  echo "import Foundation"
  for p in $(seq 0 49); do
    echo "public protocol Service$p: Sendable {"
    echo "  func fetch$p(id: Int) async throws -> String"
    echo "  func list$p(page: Int, size: Int) async throws -> [String]"
    echo "  func save$p(_ value: String) throws"
    echo "  func delete$p(id: Int) async throws"
    echo "  func count$p() -> Int"
    echo "  func find$p(name: String) -> String?"
    echo "  func refresh$p()"
    echo "  var isReady$p: Bool { get }"
    echo "}"
  done
} > "$spies/Sources/Services/Services.swift"
cat > "$spies/Tests/ServicesTests/ServicesTests.swift" <<'SWIFT'
import SharedInstancesTesting
import Testing

@Test func aGeneratedSpyRecords() async throws {
  let spy = Service0Spy()
  spy.stub(.fetch0, returning: "x")
  #expect(try await spy.fetch0(id: 1) == "x")
  #expect(spy.calls == [.fetch0(id: 1)])
}
SWIFT

cd "$spies"
generate() {
  swift package --allow-writing-to-package-directory generate-spies --target Services \
    --output Tests/ServicesTests/Spies "$@" >/dev/null
}
generate  # the first run builds the plugin and the tool: not timed
rm -rf Tests/ServicesTests/Spies
start=$(now)
generate
end=$(now)
echo "generate-spies, 50 protocols x 8 requirements, end to end (symbol graph, 50 files written): $(elapsed "$start" "$end") s"
start=$(now)
generate --check
end=$(now)
echo "generate-spies --check, same target, nothing changed: $(elapsed "$start" "$end") s"
# Exits non-zero for the test modules; the Services graph is written first.
swift package dump-symbol-graph --minimum-access-level internal >/dev/null 2>&1 || true
graph=$(find .build -path '*symbolgraph/Services.symbols.json' | head -1)
tool=$(find "$root/.build" -type f -perm -u+x -name generate-spies | head -1)
start=$(now)
for _ in 1 2 3 4 5; do "$tool" --symbol-graph "$graph" --output "$work/tool-out" >/dev/null; done
end=$(now)
echo "generate-spies tool alone (symbol graph read, 50 files compared): $(echo "($end - $start) / 5" | bc -l | cut -c1-6) s"
echo "generated lines: $(cat Tests/ServicesTests/Spies/*.swift | wc -l)"
rm -rf .build
start=$(now)
swift build --build-tests >/dev/null
end=$(now)
echo "clean build --build-tests, generated spies: $(elapsed "$start" "$end") s"

# --- The macro package --------------------------------------------------------------------------
macros="$work/MacroClients"
mkdir -p "$macros/Sources/Clients" "$macros/Tests/ClientsTests"
cat > "$macros/Package.swift" <<'SWIFT'
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "MacroClients",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1")
  ],
  targets: [
    .target(
      name: "Clients",
      dependencies: [
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
      ]
    ),
    .testTarget(
      name: "ClientsTests",
      dependencies: ["Clients", .product(name: "Dependencies", package: "swift-dependencies")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
SWIFT
{
  echo "import Dependencies"
  echo "import DependenciesMacros"
  for p in $(seq 0 49); do
    echo "@DependencyClient"
    echo "public struct Service${p}Client: Sendable {"
    echo "  public var fetch$p: @Sendable (_ id: Int) async throws -> String"
    echo "  public var list$p: @Sendable (_ page: Int, _ size: Int) async throws -> [String]"
    echo "  public var save$p: @Sendable (_ value: String) throws -> Void"
    echo "  public var delete$p: @Sendable (_ id: Int) async throws -> Void"
    echo "  public var count$p: @Sendable () -> Int = { 0 }"
    echo "  public var find$p: @Sendable (_ name: String) -> String? = { _ in nil }"
    echo "  public var refresh$p: @Sendable () -> Void"
    echo "  public var isReady$p: @Sendable () -> Bool = { false }"
    echo "}"
  done
} > "$macros/Sources/Clients/Clients.swift"
cat > "$macros/Tests/ClientsTests/ClientsTests.swift" <<'SWIFT'
import Clients
import Testing

@Test func aClientAnswers() async throws {
  var client = Service0Client()
  client.fetch0 = { _ in "x" }
  #expect(try await client.fetch0(id: 1) == "x")
}
SWIFT
cd "$macros"
mirror() { swift package config set-mirror --original "https://github.com/$1" --mirror "file://$copies/$2.git"; }
mirror pointfreeco/swift-dependencies pointfreeco/swift-dependencies
mirror pointfreeco/combine-schedulers pointfreeco/combine-schedulers
mirror pointfreeco/swift-clocks pointfreeco/swift-clocks
mirror pointfreeco/swift-concurrency-extras pointfreeco/swift-concurrency-extras
mirror pointfreeco/swift-issue-reporting pointfreeco/xctest-dynamic-overlay
mirror pointfreeco/xctest-dynamic-overlay pointfreeco/xctest-dynamic-overlay
mirror swiftlang/swift-syntax swiftlang/swift-syntax
mirror pointfreeco/swift-macro-testing pointfreeco/swift-macro-testing
mirror pointfreeco/swift-snapshot-testing pointfreeco/swift-snapshot-testing
mirror pointfreeco/swift-custom-dump pointfreeco/swift-custom-dump
mirror apple/swift-docc-plugin apple/swift-docc-plugin
mirror swiftlang/swift-docc-symbolkit swiftlang/swift-docc-symbolkit
swift package resolve >/dev/null
start=$(now)
swift build --build-tests >/dev/null
end=$(now)
echo "clean build --build-tests, @DependencyClient (swift-syntax from source): $(elapsed "$start" "$end") s"
echo "resolved: $(grep -o '"identity" : "[^"]*"' Package.resolved | cut -d'"' -f4 | tr '\n' ' ')"
