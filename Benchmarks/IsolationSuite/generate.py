#!/usr/bin/env python3
"""Generates the isolation-cost suite: one package whose test targets run the same
code under test, with its three dependencies passed as `init` parameters (the baseline), read
from `Resettable` boxes under `@Test(.isolatedShared)`, and read with `@Dependency` under
swift-dependencies' `.dependencies` trait.

Each test case overrides the dependencies (three, or `--dependencies 2`) with doubles of its
own and runs the code under test, which reads them 150 times over three `await`s. `--cases` test
cases per variant (`--arguments` per parameterized test, 50 by default; 1 writes plain tests),
and `--extra-boxes` further boxes created in the process.

  Benchmarks/IsolationSuite/generate.py OUT_DIR --root REPO [--cases 2200] [--extra-boxes 10]
      [--work STEPS] [--arguments 50] [--dependencies 3]

Run by Benchmarks/IsolationSuite/run.sh; nothing here is committed output.
"""
import argparse
import os
import textwrap

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--root", required=True)
parser.add_argument("--cases", type=int, default=2200)
parser.add_argument("--extra-boxes", type=int, default=10)
parser.add_argument("--work", type=int, default=0,
                    help="steps of work each dependency call does (the same in every variant)")
parser.add_argument("--arguments", type=int, default=50,
                    help="arguments per parameterized test; 1 writes plain (unparameterized) tests")
parser.add_argument("--dependencies", type=int, choices=(2, 3), default=3,
                    help="dependencies the code under test reads (and each test overrides)")
args = parser.parse_args()

ARGUMENTS_PER_TEST = args.arguments
tests = max(1, args.cases // ARGUMENTS_PER_TEST)
# With two dependencies, the third one's reads go to the second (same number of reads).
FEES = "fees" if args.dependencies == 3 else "inventory"
FEE_CALL = "fee" if args.dependencies == 3 else "stock"
FEE_EXPECTED = "base % 7" if args.dependencies == 3 else "base"
OVERRIDE_FEES = args.dependencies == 3
SUITES = 10


def write(path, text):
    full = os.path.join(args.out, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(textwrap.dedent(text).lstrip())


write("Package.swift", f"""
    // swift-tools-version: 6.1
    import PackageDescription

    let package = Package(
      name: "IsolationSuite",
      platforms: [.macOS(.v15)],
      dependencies: [
        .package(name: "SharedInstances", path: "{args.root}"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
      ],
      targets: [
        .target(
          name: "App",
          dependencies: [
            .product(name: "SharedInstances", package: "SharedInstances"),
            .product(name: "Dependencies", package: "swift-dependencies"),
          ]
        ),
        .testTarget(name: "BaselineTests", dependencies: ["App"]),
        .testTarget(
          name: "IsolatedSharedTests",
          dependencies: [
            "App", .product(name: "SharedInstancesTesting", package: "SharedInstances"),
          ]
        ),
        .testTarget(
          name: "DependenciesTraitTests",
          dependencies: [
            "App",
            .product(name: "Dependencies", package: "swift-dependencies"),
            .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
          ]
        ),
      ],
      swiftLanguageModes: [.v6]
    )
    """)

extra = "\n".join(
    f"  public static let extra{i} = Resettable<any Pricing> {{ LivePricing() }}"
    for i in range(args.extra_boxes))
touch_extras = "\n".join(f"    _ = Shared.extra{i}.value" for i in range(args.extra_boxes))

write("Sources/App/App.swift", f"""
    import Dependencies
    import SharedInstances

    /// What a dependency call does besides returning its value: `work` steps of arithmetic, the
    /// same in every variant, so that the suite's baseline costs what a real suite's does.
    @inline(never)
    public func busyWork(_ seed: Int) -> Int {{
      var value = seed
      for step in 0..<{args.work} {{ value = value &* 31 &+ step }}
      return value & 0
    }}

    public protocol Pricing: Sendable {{ func price(_ item: Int) -> Int }}
    public protocol Inventory: Sendable {{ func stock(_ item: Int) -> Int }}
    public protocol Fees: Sendable {{ func fee(_ item: Int) -> Int }}

    public struct LivePricing: Pricing {{
      public init() {{}}
      public func price(_ item: Int) -> Int {{ item * 3 }}
    }}
    public struct LiveInventory: Inventory {{
      public init() {{}}
      public func stock(_ item: Int) -> Int {{ item + 1 }}
    }}
    public struct LiveFees: Fees {{
      public init() {{}}
      public func fee(_ item: Int) -> Int {{ 2 }}
    }}

    /// The doubles every variant's tests install.
    public final class FakePricing: Pricing {{
      let base: Int
      public init(_ base: Int) {{ self.base = base }}
      public func price(_ item: Int) -> Int {{ base + item + busyWork(item) }}
    }}
    public final class FakeInventory: Inventory {{
      let base: Int
      public init(_ base: Int) {{ self.base = base }}
      public func stock(_ item: Int) -> Int {{ base + busyWork(item) }}
    }}
    public final class FakeFees: Fees {{
      let base: Int
      public init(_ base: Int) {{ self.base = base }}
      public func fee(_ item: Int) -> Int {{ base % 7 + busyWork(item) }}
    }}

    /// The code under test, written once: reads its dependencies 150 times in all, over three
    /// awaits. Each variant passes how a read is made.
    public func checkout(
      pricing: () -> any Pricing,
      inventory: () -> any Inventory,
      fees: () -> any Fees
    ) async -> Int {{
      var total = 0
      for _ in 0..<3 {{
        await Task.yield()
        for item in 0..<50 {{
          switch item % 3 {{
          case 0: total &+= pricing().price(item)
          case 1: total &+= inventory().stock(item)
          default: total &+= {FEES}().{FEE_CALL}(item)
          }}
        }}
      }}
      return total
    }}

    /// What `checkout` returns with the doubles of test case `base`.
    public func expectedTotal(_ base: Int) -> Int {{
      var total = 0
      for _ in 0..<3 {{
        for item in 0..<50 {{
          switch item % 3 {{
          case 0: total &+= base + item
          case 1: total &+= base
          default: total &+= {FEE_EXPECTED}
          }}
        }}
      }}
      return total
    }}

    // MARK: Variant 1: dependencies passed as `init` parameters

    public struct ParameterCheckout {{
      let pricing: any Pricing
      let inventory: any Inventory
      let fees: any Fees
      public init(pricing: any Pricing, inventory: any Inventory, fees: any Fees) {{
        self.pricing = pricing
        self.inventory = inventory
        self.fees = fees
      }}
      public func run() async -> Int {{
        await checkout(pricing: {{ pricing }}, inventory: {{ inventory }}, fees: {{ fees }})
      }}
    }}

    // MARK: Variant 2: SharedInstances boxes

    public enum Shared {{
      public static let pricing = Resettable<any Pricing> {{ LivePricing() }}
      public static let inventory = Resettable<any Inventory> {{ LiveInventory() }}
      public static let fees = Resettable<any Fees> {{ LiveFees() }}
    {extra}

      /// Creates every extra box's process-wide instance.
      public static func touchExtras() {{
    {touch_extras}
      }}
    }}

    public struct SharedCheckout {{
      public init() {{}}
      public func run() async -> Int {{
        await checkout(
          pricing: {{ Shared.pricing.value }},
          inventory: {{ Shared.inventory.value }},
          fees: {{ Shared.fees.value }}
        )
      }}
    }}

    // MARK: Variant 3: swift-dependencies

    private enum PricingKey: DependencyKey {{
      static let liveValue: any Pricing = LivePricing()
    }}
    private enum InventoryKey: DependencyKey {{
      static let liveValue: any Inventory = LiveInventory()
    }}
    private enum FeesKey: DependencyKey {{
      static let liveValue: any Fees = LiveFees()
    }}

    extension DependencyValues {{
      public var pricing: any Pricing {{
        get {{ self[PricingKey.self] }}
        set {{ self[PricingKey.self] = newValue }}
      }}
      public var inventory: any Inventory {{
        get {{ self[InventoryKey.self] }}
        set {{ self[InventoryKey.self] = newValue }}
      }}
      public var fees: any Fees {{
        get {{ self[FeesKey.self] }}
        set {{ self[FeesKey.self] = newValue }}
      }}
    }}

    public struct DependenciesCheckout {{
      @Dependency(\\.pricing) var pricing
      @Dependency(\\.inventory) var inventory
      @Dependency(\\.fees) var fees
      public init() {{}}
      public func run() async -> Int {{
        await checkout(pricing: {{ pricing }}, inventory: {{ inventory }}, fees: {{ fees }})
      }}
    }}
    """)


def suites(body_for, imports, trait):
    out = [imports]
    for s in range(SUITES):
        out.append(f"@Suite{trait} struct Suite{s} {{")
        for t in range(s, tests, SUITES):
            if ARGUMENTS_PER_TEST == 1:
                out.append(f"  @Test func case{t}() async {{")
                out.append(f"    let base = {t}")
            else:
                out.append(f"  @Test(arguments: 0..<{ARGUMENTS_PER_TEST}) func case{t}(_ index: Int) async {{")
                out.append(f"    let base = {t * ARGUMENTS_PER_TEST} + index")
            out.append(body_for())
            out.append("    #expect(total == expectedTotal(base))")
            out.append("  }")
        out.append("}")
    return "\n".join(out) + "\n"


write("Tests/BaselineTests/BaselineTests.swift", suites(
    lambda: "    let total = await ParameterCheckout(\n"
            "      pricing: FakePricing(base), inventory: FakeInventory(base), fees: FakeFees(base)\n"
            "    ).run()",
    "import App\nimport Testing\n", ""))

write("Tests/IsolatedSharedTests/IsolatedSharedTests.swift", suites(
    lambda: "    _ = extrasCreated\n"
            "    Shared.pricing.override(with: FakePricing(base))\n"
            "    Shared.inventory.override(with: FakeInventory(base))\n"
            + ("    Shared.fees.override(with: FakeFees(base))\n" if OVERRIDE_FEES else "")
            + "    let total = await SharedCheckout().run()",
    "import App\nimport SharedInstancesTesting\nimport Testing\n\n"
    "/// The extra boxes' instances, created once in the process.\n"
    "let extrasCreated: Void = Shared.touchExtras()\n", "(.isolatedShared)"))

write("Tests/DependenciesTraitTests/DependenciesTraitTests.swift", suites(
    lambda: "    let total = await withDependencies {\n"
            "      $0.pricing = FakePricing(base)\n"
            "      $0.inventory = FakeInventory(base)\n"
            + ("      $0.fees = FakeFees(base)\n" if OVERRIDE_FEES else "")
            + "    } operation: {\n"
            "      await DependenciesCheckout().run()\n"
            "    }",
    "import App\nimport Dependencies\nimport DependenciesTestSupport\nimport Testing\n",
    "(.dependencies)"))
