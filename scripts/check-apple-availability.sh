#!/usr/bin/env bash
# Type-checks every Swift target of the root package (the libraries, the executables and the test
# targets: the `targets` list below) for an Apple platform at the package's minimum deployment
# target (Package.swift's `platforms:`), with this machine's Swift compiler and an Apple SDK's
# Swift interfaces and headers, to catch what needs a newer OS than the minimum: APIs
# (`Duration`, `Clock`, `String.contains(_:)` of _StringProcessing, ...), runtime features the
# compiler checks against the target (parameter packs in generic types, typed-throws function
# types as values), and code that only compiles with Glibc or swift-corelibs-xctest. Nothing is
# linked or run.
#
#   scripts/check-apple-availability.sh [--sdk PATH]     (or APPLE_SDK=PATH)
#
# PATH is an unpacked iPhoneOS, MacOSX, AppleTVOS or WatchOS .sdk directory (Xcode's, or a copy;
# the SDK's license applies: never commit one). Without an SDK the script says so and exits 0:
# CI has none. The SDK must be a whole copy: a copy that lost its symbolic links (usr/include/
# libxml as a directory beside libxml2/libxml) makes Clang see modules twice; fix the link.
#
# Verdict: an availability diagnostic in the package's sources ("... is only available in iOS 16.0
# or newer") fails, and so does any other error except those listed as not judged (see
# `old_sdk_pattern` below): with an SDK whose Swift interfaces predate Swift 6 (iOS 17.4's are
# Swift 5.10), errors from Swift 6 standard-library API it lacks (`#isolation`, typed throws in
# `Result`); errors of this check's language mode 5; and `Process` in the host tools on iOS,
# tvOS and watchOS. Read them: they may hide availability errors in the expressions they stop.
#
# What stands in for what the SDK lacks (said in the output):
# - Testing: an iOS SDK has no Swift Testing; the toolchain's own Testing interface (Linux, which
#   carries Apple availability attributes) is retargeted, with `#isolation` default arguments
#   replaced by `nil` and `ExitTest` made copyable when the SDK's standard library predates
#   Swift 6. Its API matches Xcode's only as far as the two versions agree.
# - XCTest: not in an SDK either (Xcode has it beside the SDK, in Platforms/*/Developer); a stub
#   declaring only what the test-support modules and the XCTest test files call, with no
#   availability attributes (Apple's documentation lists none for them).
# - The Testing macros (`@Test`, `#expect`) expand with the toolchain's macro plugin, so test
#   functions marked `@available` are guarded as Xcode's Testing would guard them.
#
# Not checked (said in the output): the two command plugins (GenerateSpies, MigrateSingletons)
# are built for the host against PackagePlugin, which no SDK has; the C targets are only compiled
# as the Clang modules the Swift targets import.
#
# Language mode 5 (availability errors are the same; concurrency checking is the Linux build's
# job, and an SDK before Swift 6 lacks the `Sendable` annotations Swift 6 mode would need).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# The root package's Swift targets, each after the targets it imports:
#   "name|kind|directory|excluded subdirectories (comma-separated)|extra swiftc flags"
# kind: library (type-checked, then emitted for the targets after it), executable (main.swift is
# top-level code) or test. A target added to Package.swift must be added here; the check fails
# when Package.swift names a target that is neither here nor in `unchecked`.
targets=(
  "SharedInstances|library|Sources/SharedInstances|MemorySafety/Model|"
  "_SharedInstancesIsolation|library|Sources/_SharedInstancesIsolation||"
  "SharedInstancesLocator|library|Sources/SharedInstancesLocator||"
  "SharedInstancesSystem|library|Sources/SharedInstancesSystem||"
  "SharedInstancesLaunch|library|Sources/SharedInstancesLaunch||"
  "SharedInstancesLaunchTesting|library|Sources/SharedInstancesLaunchTesting||"
  "_SharedInstancesTestReporting|library|Sources/_SharedInstancesTestReporting||"
  "SharedInstancesSpies|library|Sources/SharedInstancesSpies||"
  "SharedInstancesSystemDoubles|library|Sources/SharedInstancesSystemDoubles||"
  "SharedInstancesDependencyMap|library|Sources/SharedInstancesDependencyMap||"
  "SharedInstancesTestIsolation|library|Sources/SharedInstancesTestIsolation||"
  "SharedInstancesTesting|library|Sources/SharedInstancesTesting||"
  "TestSupport|library|Tests/TestSupport||"
  "SpyTestSupport|library|Tests/SpyTestSupport||"
  "IsolationTestSupport|library|Tests/IsolationTestSupport||"
  "PublicImportFixture|library|Tests/PublicImportFixture||-enable-upcoming-feature InternalImportsByDefault"
  "_SpyGeneratorCore|library|Sources/_SpyGeneratorCore||"
  "_SingletonMigratorCore|library|Sources/_SingletonMigratorCore||"
  "shared-instances-torture|executable|Sources/shared-instances-torture||"
  "generate-spies|executable|Sources/generate-spies||"
  "migrate-singletons|executable|Sources/migrate-singletons||"
  "SharedInstancesTests|test|Tests/SharedInstancesTests||"
  "SharedInstancesSpiesTests|test|Tests/SharedInstancesSpiesTests||"
  "SharedInstancesLocatorTests|test|Tests/SharedInstancesLocatorTests||"
  "SharedInstancesSystemTests|test|Tests/SharedInstancesSystemTests||"
  "SharedInstancesTestIsolationTests|test|Tests/SharedInstancesTestIsolationTests||"
  "SharedInstancesSystemDoublesTests|test|Tests/SharedInstancesSystemDoublesTests||"
  "SharedInstancesDependencyMapTests|test|Tests/SharedInstancesDependencyMapTests|__Dependencies__|"
  "SharedInstancesTestingTests|test|Tests/SharedInstancesTestingTests||"
  "SingleImportTests|test|Tests/SingleImportTests||"
  "shared-instances-launch-fixture|executable|Tests/LaunchFixture||"
  "shared-instances-hosted-fixture|executable|Tests/LaunchHostedFixture||"
  "SharedInstancesLaunchTests|test|Tests/SharedInstancesLaunchTests||"
  "SharedInstancesLaunchTestingTests|test|Tests/SharedInstancesLaunchTestingTests||"
  "_SharedInstancesIsolationTests|test|Tests/_SharedInstancesIsolationTests||"
  "_SharedInstancesTestReportingTests|test|Tests/_SharedInstancesTestReportingTests||"
  "SpyGeneratorCoreTests|test|Tests/SpyGeneratorCoreTests|Fixtures|"
  "SingletonMigratorCoreTests|test|Tests/SingletonMigratorCoreTests||"
)
# Host tools: the spy generator and the migrator run where `swift package` runs (macOS, Linux)
# and use `Process`, which only macOS has: on another platform's SDK that error is listed, not
# judged (their other errors are judged: they would be the same on macOS).
host_only=(_SpyGeneratorCore _SingletonMigratorCore generate-spies migrate-singletons
  SpyGeneratorCoreTests SingletonMigratorCoreTests)
# Targets of Package.swift this script does not type-check, and why (printed in the output).
unchecked=(
  "_SharedInstancesShims|C: compiled only as the Clang module the Swift targets import"
  "_SharedInstancesTestingShims|C: compiled only as the Clang module the Swift targets import"
  "_SharedInstancesLaunchShims|C: compiled only as the Clang module the Swift targets import"
  "GenerateSpies|plugin: built for the host against PackagePlugin, which no SDK has"
  "MigrateSingletons|plugin: built for the host against PackagePlugin, which no SDK has"
)

# Every target of Package.swift is in one list or the other (checked with or without an SDK).
declared=$(tr '\n' ' ' <Package.swift \
  | grep -oE '\.(target|testTarget|executableTarget|plugin)\( *name: "[^"]+"' \
  | sed 's/.*"\(.*\)"/\1/' | sort -u)
listed=$(printf '%s\n' "${targets[@]}" "${unchecked[@]}" | cut -d'|' -f1 | sort -u)
missing=$(comm -23 <(echo "$declared") <(echo "$listed"))
if [ -n "$missing" ]; then
  echo "check-apple-availability: Package.swift has targets this script does not know:" \
    $missing "- add each to \`targets\` (or \`unchecked\`, with why) in $0." >&2
  exit 1
fi

sdk=${APPLE_SDK:-}
while [ $# -gt 0 ]; do
  case $1 in
    --sdk) sdk=$2; shift 2 ;;
    *) echo "usage: $0 [--sdk PATH]" >&2; exit 2 ;;
  esac
done
if [ -z "$sdk" ]; then
  echo "check-apple-availability: skipped (no Apple SDK: pass --sdk PATH or set APPLE_SDK)."
  exit 0
fi
if [ ! -d "$sdk/usr/lib/swift/Swift.swiftmodule" ]; then
  echo "check-apple-availability: $sdk has no usr/lib/swift/Swift.swiftmodule: not an SDK." >&2
  exit 2
fi

# The platform, from the SDK's name, and its minimum from Package.swift.
sdk_name=$(basename "$(cd "$sdk" && pwd)")
case $sdk_name in
  iPhoneOS*) os=ios platform=iOS arch=arm64 ;;
  MacOSX*) os=macos platform=macOS arch=arm64 ;;
  AppleTVOS*) os=tvos platform=tvOS arch=arm64 ;;
  WatchOS*) os=watchos platform=watchOS arch=arm64 ;;
  *) echo "check-apple-availability: cannot tell the platform of $sdk_name." >&2; exit 2 ;;
esac
minimum=$(sed -n "s/^ *\.$platform(\.v\([0-9_]*\)).*/\1/p" Package.swift | head -1 | tr _ .)
if [ -z "$minimum" ]; then
  echo "check-apple-availability: Package.swift names no $platform minimum." >&2
  exit 2
fi
case $minimum in *.*) ;; *) minimum=$minimum.0 ;; esac
target=$arch-apple-$os$minimum
sdk_swift=$(sed -n 's/^\/\/ swift-compiler-version: Apple Swift version \([0-9.]*\).*/\1/p' \
  "$sdk"/usr/lib/swift/Swift.swiftmodule/*-apple-*.swiftinterface | head -1)
old_sdk=0
case $sdk_swift in [0-5].*) old_sdk=1 ;; esac
echo "check-apple-availability: $target against $sdk_name (Swift ${sdk_swift:-?} interfaces)"

work=$(mktemp -d)
trap '[ -n "${KEEP_WORK:-}" ] || rm -rf "$work"' EXIT

# A resource directory with the toolchain's C headers and shims but not its Linux module maps
# (Dispatch, CoreFoundation), which would clash with the SDK's.
toolchain_lib=$(cd "$(dirname "$(command -v swiftc)")/../lib/swift" && pwd)
mkdir -p "$work/resource" "$work/modules" "$work/cache"
for entry in shims clang apinotes host; do
  [ -e "$toolchain_lib/$entry" ] && ln -s "$toolchain_lib/$entry" "$work/resource/$entry"
done

# The C targets, as SwiftPM maps them (an umbrella directory per target).
for shim in _SharedInstancesShims _SharedInstancesTestingShims _SharedInstancesLaunchShims; do
  mkdir -p "$work/modules/$shim"
  printf 'module %s {\n  umbrella "%s"\n  export *\n}\n' \
    "$shim" "$root/Sources/$shim/include" >"$work/modules/$shim/module.modulemap"
done

# Testing: the toolchain's interface, retargeted, where the SDK has none.
if ! compgen -G "$sdk/usr/lib/swift/Testing.swiftmodule" >/dev/null \
  && ! compgen -G "$sdk/System/Library/Frameworks/Testing.framework" >/dev/null; then
  linux_testing=$(compgen -G "$toolchain_lib/linux/Testing.swiftmodule/*.swiftinterface" | head -1)
  if [ -n "$linux_testing" ]; then
    echo "  Testing: a stand-in (the toolchain's interface retargeted): the SDK has none"
    mkdir -p "$work/modules/Testing.swiftmodule"
    sed -e "3s/-target [^ ]*/-target $target/" -e '3s/-disable-objc-interop/-enable-objc-interop/' \
      "$linux_testing" >"$work/modules/Testing.swiftmodule/$arch-apple-$os.swiftinterface"
    if [ "$old_sdk" = 1 ]; then
      sed -i -e 's/= #isolation/= nil/g' \
        -e 's/public struct ExitTest : Swift.Sendable, ~Swift.Copyable {/public struct ExitTest : Swift.Sendable {/' \
        "$work/modules/Testing.swiftmodule/$arch-apple-$os.swiftinterface"
    fi
    # Exit tests spawn processes: Xcode's Testing marks them unavailable on iOS, tvOS and watchOS
    # (built with SWT_NO_EXIT_TESTS), and so does the stand-in.
    if [ "$platform" != macOS ]; then
      echo "  Testing: exit tests marked unavailable on $platform, as Xcode's Testing marks them"
      sed -i -E '/^(public struct ExitTest |public enum ExitStatus |extension Testing\.(ExitTest|ExitStatus)\b|@freestanding\(expression\) public macro (expect|require)\(processExitsWith|public func __checkClosureCall[^(]*\(.*processExitsWith)/i @available(*, unavailable, message: "Exit tests are not available on this platform.")' \
        "$work/modules/Testing.swiftmodule/$arch-apple-$os.swiftinterface"
    fi
  fi
fi

# XCTest: a stub of what the test-support modules use (the Objective-C flavor's API).
if ! compgen -G "$sdk/System/Library/Frameworks/XCTest.framework" >/dev/null; then
  echo "  XCTest: a stub of the API the package calls: the SDK has none"
  cat >"$work/xctest.swift" <<'EOF'
import Foundation
public struct XCTIssue {
  public enum IssueType: Int { case assertionFailure, thrownError, uncaughtException }
  public var type: IssueType
  public var associatedError: (any Error)?
}
open class XCTestRun: NSObject {
  open var totalFailureCount: Int { 0 }
}
open class XCTestExpectation: NSObject {
  public init(description: String) {}
  open func fulfill() {}
  open var expectedFulfillmentCount: Int = 1
  open var isInverted: Bool = false
}
open class XCTestCase: NSObject {
  public override init() {}
  public init(selector: Selector) {}
  open var name: String { "" }
  open var testRun: XCTestRun? { nil }
  open var continueAfterFailure: Bool = true
  open func invokeTest() {}
  open class func setUp() {}
  open class func tearDown() {}
  open func setUp() {}
  open func tearDown() {}
  open func setUpWithError() throws {}
  open func tearDownWithError() throws {}
  open func setUp() async throws {}
  open func tearDown() async throws {}
  open func record(_ issue: XCTIssue) {}
  open func addTeardownBlock(_ block: @escaping () -> Void) {}
  open func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {}
  open func expectation(description: String) -> XCTestExpectation {
    XCTestExpectation(description: description)
  }
  open func wait(for expectations: [XCTestExpectation], timeout: TimeInterval) {}
  open func wait(
    for expectations: [XCTestExpectation], timeout: TimeInterval, enforceOrder: Bool
  ) {}
  open func fulfillment(
    of expectations: [XCTestExpectation], timeout: TimeInterval = .infinity,
    enforceOrder: Bool = false
  ) async {}
}
@objc public protocol XCTestObservation: NSObjectProtocol {
  @objc optional func testCaseWillStart(_ testCase: XCTestCase)
  @objc optional func testCaseDidFinish(_ testCase: XCTestCase)
  @objc optional func testBundleDidFinish(_ testBundle: Bundle)
}
open class XCTestObservationCenter: NSObject {
  public static var shared: XCTestObservationCenter { XCTestObservationCenter() }
  open func addTestObserver(_ testObserver: any XCTestObservation) {}
}
public struct XCTSkip: Error {
  public init(_ message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {}
}
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssert(
  _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {}
public func XCTAssertTrue(
  _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {}
public func XCTAssertFalse(
  _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {}
public func XCTAssertNil(
  _ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {}
public func XCTAssertNotNil(
  _ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {}
public func XCTAssertEqual<T: Equatable>(
  _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}
public func XCTAssertEqual<T: FloatingPoint>(
  _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
  accuracy: T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
  line: UInt = #line
) {}
public func XCTAssertNotEqual<T: Equatable>(
  _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}
public func XCTAssertGreaterThan<T: Comparable>(
  _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}
public func XCTAssertLessThan<T: Comparable>(
  _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {}
public func XCTAssertThrowsError<T>(
  _ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line,
  _ errorHandler: (_ error: any Error) -> Void = { _ in }
) {}
public func XCTAssertNoThrow<T>(
  _ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) {}
public func XCTUnwrap<T>(
  _ expression: @autoclosure () throws -> T?, _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) throws -> T { fatalError() }
public func XCTExpectFailure(
  _ failureReason: String? = nil, strict: Bool = true, file: StaticString = #filePath,
  line: UInt = #line
) {}
public func XCTExpectFailure<R>(
  _ failureReason: String? = nil, strict: Bool = true, file: StaticString = #filePath,
  line: UInt = #line, failingBlock: () throws -> R
) rethrows -> R { try failingBlock() }
EOF
fi

common=(-resource-dir "$work/resource" -sdk "$sdk" -target "$target"
  -module-cache-path "$work/cache" -I "$work/modules" -swift-version 5
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility)

if [ -f "$work/xctest.swift" ]; then
  swiftc -emit-module -module-name XCTest -emit-module-path "$work/modules/XCTest.swiftmodule" \
    "${common[@]}" "$work/xctest.swift" >"$work/xctest.log" 2>&1 || {
    cat "$work/xctest.log" >&2
    echo "check-apple-availability: the XCTest stub does not compile against this SDK." >&2
    exit 2
  }
fi

# Errors that come from the SDK's Swift 5.x standard library, which lacks what the code uses
# from Swift 6's: `#isolation` (also in macro expansions), typed throws in `Result` and `rethrows`.
old_sdk_pattern="no macro named 'isolation'|thrown expression type 'any Error' cannot be converted"
old_sdk_pattern+="|cannot convert value of type 'Result<"
# Errors of language mode 5, which this check uses (see above) while the package builds in 6: a
# main-actor-isolated call from top-level code or a static initializer is accepted in 6 only.
language_mode_pattern='\[#ActorIsolatedCall\]'
host_only_pattern="cannot find 'Process' in scope"

failed=0
unjudged=0
for entry in "${unchecked[@]}"; do
  echo "  ${entry%%|*}: not checked (${entry#*|})"
done
for entry in "${targets[@]}"; do
  IFS='|' read -r name kind dir excluded flags <<<"$entry"
  module=${name//-/_}
  prune=()
  IFS=',' read -ra excluded_dirs <<<"$excluded"
  for sub in "${excluded_dirs[@]}"; do prune+=(-path "$dir/$sub" -prune -o); done
  mapfile -t files < <(find "$dir" "${prune[@]}" -name '*.swift' -print | sort)
  # `.embedInCode` resources: SwiftPM generates `PackageResources`, one `[UInt8]` per file (named
  # after it, `.` as `_`); the same names, empty, stand in for it here.
  resources=$(grep -oE '\.embedInCode\("[^"]+"\)' Package.swift | sed 's/.*("\(.*\)")/\1/' \
    | while read -r resource; do [ -f "$dir/$resource" ] && basename "$resource"; done || true)
  if [ -n "$resources" ]; then
    {
      echo "struct PackageResources {"
      for resource in $resources; do echo "  static let ${resource//./_}: [UInt8] = []"; done
      echo "}"
    } >"$work/$module-resources.swift"
    files+=("$work/$module-resources.swift")
  fi
  read -ra extra <<<"$flags"
  options=("${common[@]}" -package-name sharedinstances -module-name "$module" "${extra[@]}")
  [ "$kind" = library ] && options+=(-parse-as-library -enable-testing)
  [ "$kind" = test ] && options+=(-parse-as-library -D DEBUG)
  log=$work/$module.log
  set +e
  # A full type-check for the diagnostics, then a library's module (emitted despite errors) for
  # the targets that import it.
  swiftc -typecheck -continue-building-after-errors "${options[@]}" "${files[@]}" >"$log" 2>&1
  if [ "$kind" = library ]; then
    swiftc -emit-module -emit-module-path "$work/modules/$module.swiftmodule" \
      -Xfrontend -experimental-allow-module-with-compiler-errors \
      "${options[@]}" "${files[@]}" >>"$log" 2>&1
  fi
  set -e
  # Diagnostic lines only (not the source excerpts under them, which may quote "error:").
  diagnostics=$(grep -E '^[^ |]+:[0-9]+:[0-9]+: (error|warning): ' "$log" | sort -u || true)
  availability=$(grep -E 'only available in' <<<"$diagnostics" \
    | grep -E "^(Sources/|Tests/|$root/|@__swiftmacro_)" | sed "s|^$root/||" || true)
  errors=$(grep -E ': error: ' <<<"$diagnostics" | grep -vE 'only available in' \
    | sed "s|^$root/||" || true)
  # Errors this check cannot judge: the SDK's older standard library or this check's language
  # mode; a host tool's use of what only macOS has.
  unjudged_pattern=$language_mode_pattern
  [ "$old_sdk" = 1 ] && unjudged_pattern+="|$old_sdk_pattern"
  host_errors=
  if [[ " ${host_only[*]} " == *" $name "* ]] && [ "$platform" != macOS ]; then
    host_errors=$(grep -E "$host_only_pattern" <<<"$errors" || true)
    errors=$(grep -vE "$host_only_pattern" <<<"$errors" || true)
  fi
  old_errors=$(grep -E "$unjudged_pattern" <<<"$errors" || true)
  errors=$(grep -vE "$unjudged_pattern" <<<"$errors" || true)
  if [ -n "$availability" ]; then
    echo "  $name ($kind): needs more than $platform $minimum:"
    sed 's/^/    /' <<<"$availability"
    failed=1
  else
    echo "  $name ($kind): no availability error at $platform $minimum"
  fi
  if [ -n "$errors" ]; then
    echo "  $name: other errors:"
    sed 's/^/    /' <<<"$errors"
    failed=1
  fi
  if [ -n "$old_errors" ]; then
    echo "  $name: errors not judged (the SDK's Swift ${sdk_swift:-?} standard library, or this" \
      "check's language mode 5):"
    sed 's/^/    /' <<<"$old_errors"
    unjudged=1
  fi
  if [ -n "$host_errors" ]; then
    echo "  $name: errors not judged (a host tool, built for macOS and Linux only, not $platform):"
    sed 's/^/    /' <<<"$host_errors"
    unjudged=1
  fi
done

if [ "$failed" = 1 ]; then
  echo "check-apple-availability: failed at $target (see above)." >&2
  exit 1
fi
if [ "$unjudged" = 1 ]; then
  echo "check-apple-availability: passed at $target; some errors not judged (listed above)."
else
  echo "check-apple-availability: passed at $target."
fi
