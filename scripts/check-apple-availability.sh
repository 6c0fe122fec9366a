#!/usr/bin/env bash
# Type-checks SharedInstances, SharedInstancesSystem and SharedInstancesTesting for an Apple
# platform at the package's minimum deployment target (Package.swift's `platforms:`), with this
# machine's Swift compiler and an Apple SDK's Swift interfaces and headers, to catch what needs a
# newer OS than the minimum: APIs (`Duration`, `Clock`, `String.contains(_:)` of
# _StringProcessing, ...) and runtime features the compiler checks against the target (parameter
# packs in generic types, typed-throws function types as values). Nothing is linked or run.
#
#   scripts/check-apple-availability.sh [--sdk PATH]     (or APPLE_SDK=PATH)
#
# PATH is an unpacked iPhoneOS, MacOSX, AppleTVOS or WatchOS .sdk directory (Xcode's, or a copy;
# the SDK's license applies: never commit one). Without an SDK the script says so and exits 0:
# CI has none. The SDK must be a whole copy: a copy that lost its symbolic links (usr/include/
# libxml as a directory beside libxml2/libxml) makes Clang see modules twice; fix the link.
#
# Verdict: an availability diagnostic in the package's sources ("... is only available in iOS 16.0
# or newer") fails. Other errors fail too when the SDK's Swift interfaces are from Swift 6 or
# later; with an older SDK (iOS 17.4's are Swift 5.10) they are listed as not judged, since the
# code uses Swift 6 standard-library API such an SDK lacks (`#isolation`, typed-throws
# `Result.get()`): read them, they may hide availability errors in the expressions they stop.
#
# What stands in for what the SDK lacks (said in the output):
# - Testing: an iOS SDK has no Swift Testing; the toolchain's own Testing interface (Linux, which
#   carries Apple availability attributes) is retargeted, with `#isolation` default arguments
#   replaced by `nil` and `ExitTest` made copyable when the SDK's standard library predates
#   Swift 6. Its API matches Xcode's only as far as the two versions agree.
# - XCTest: not in an SDK either; a stub declaring only what SharedInstancesTesting calls, with no
#   availability attributes (Apple's documentation lists none for them).
#
# Language mode 5 (availability errors are the same; concurrency checking is the Linux build's
# job, and an SDK before Swift 6 lacks the `Sendable` annotations Swift 6 mode would need).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

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
for shim in _SharedInstancesShims _SharedInstancesTestingShims; do
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
  fi
fi

# XCTest: a stub of what SharedInstancesTesting uses (the Objective-C flavor's API).
if ! compgen -G "$sdk/System/Library/Frameworks/XCTest.framework" >/dev/null; then
  echo "  XCTest: a stub of the API SharedInstancesTesting calls: the SDK has none"
  cat >"$work/xctest.swift" <<'EOF'
import Foundation
public typealias XCTestCaseClosure = (XCTestCase) throws -> Void
public struct XCTIssue {
  public enum IssueType: Int { case assertionFailure, thrownError, uncaughtException }
  public var type: IssueType
  public var associatedError: (any Error)?
}
open class XCTestRun: NSObject {
  open var totalFailureCount: Int { 0 }
}
open class XCTestCase: NSObject {
  open var name: String { "" }
  open var testRun: XCTestRun? { nil }
  open func invokeTest() {}
  open func record(_ issue: XCTIssue) {}
  open func addTeardownBlock(_ block: @escaping () -> Void) {}
  open func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {}
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
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}
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

failed=0
unjudged=0
for module in SharedInstances SharedInstancesSystem SharedInstancesTesting; do
  mapfile -t files < <(find "Sources/$module" -name '*.swift' | sort)
  log=$work/$module.log
  # A full type-check for the diagnostics, then the module (emitted despite errors) for the
  # modules that import it.
  set +e
  swiftc -typecheck -continue-building-after-errors "${common[@]}" -package-name sharedinstances -module-name "$module" \
    "${files[@]}" >"$log" 2>&1
  swiftc -emit-module -emit-module-path "$work/modules/$module.swiftmodule" \
    -Xfrontend -experimental-allow-module-with-compiler-errors \
    "${common[@]}" -package-name sharedinstances -module-name "$module" \
    "${files[@]}" >>"$log" 2>&1
  set -e
  diagnostics=$(grep -E '^[^ ].*: (error|warning): ' "$log" | sort -u || true)
  availability=$(grep -E 'only available in' <<<"$diagnostics" | grep -E "^(Sources|$root)/" || true)
  errors=$(grep -E ': error: ' <<<"$diagnostics" | grep -vE 'only available in' || true)
  if [ -n "$availability" ]; then
    echo "  $module: needs more than $platform $minimum:"
    sed 's/^/    /' <<<"$availability"
    failed=1
  else
    echo "  $module: no availability error at $platform $minimum"
  fi
  if [ -n "$errors" ]; then
    if [ "$old_sdk" = 1 ]; then
      echo "  $module: other errors, not judged (the SDK's Swift $sdk_swift predates the code's):"
      unjudged=1
    else
      echo "  $module: other errors:"
      failed=1
    fi
    sed 's/^/    /' <<<"$errors"
  fi
done

if [ "$failed" = 1 ]; then
  echo "check-apple-availability: failed at $target (see above)." >&2
  exit 1
fi
if [ "$unjudged" = 1 ]; then
  echo "check-apple-availability: no availability error at $target; some errors not judged."
else
  echo "check-apple-availability: passed at $target."
fi
