#!/usr/bin/env python3
"""Writes a Swift package whose one module holds N protocols (10,000 by default) of realistic
shapes, for measuring generate-spies at scale (scripts/bench-spies-scale.sh, BENCHMARKS.md
"Spies at scale").

The shapes are a weighted mix of those of SpyCorpus/RealWorld (services, repositories, delegates,
async and typed-throws APIs, closures, statics, overloads, `inout`, non-Sendable arguments,
subscripts, a few markers, actor-bound and associated-type protocols the generator refuses or
warns about), each instance with its own names so no two protocols are alike.

    python3 Benchmarks/SpyScale/generate.py <folder> [--count 10000] [--per-file 100]
"""

import argparse
import os
import random

NOUNS = [
    "User", "Account", "Order", "Product", "Cart", "Payment", "Invoice", "Message", "Channel",
    "Photo", "Album", "Session", "Token", "Profile", "Setting", "Feed", "Comment", "Review",
    "Location", "Route", "Device", "Report", "Metric", "Event", "Ticket", "Booking", "Device",
]
ROLES = [
    "Service", "Repository", "Store", "Client", "Provider", "Manager", "Loader", "Cache",
    "Tracker", "Validator", "Formatter", "Coordinator", "Delegate", "Handler", "Gateway",
]


def service(n, noun):
    return f"""public protocol {n}: Sendable {{
  func fetch{noun}(id: Int) async throws -> {noun}Model
  func list{noun}s(page: Int, size: Int) async throws -> [{noun}Model]
  func save(_ value: {noun}Model) async throws
  func delete{noun}(id: Int) async throws
  func count() async -> Int
  var isReady: Bool {{ get }}
}}
"""


def repository(n, noun):
    return f"""public protocol {n}: AnyObject {{
  var cached: [{noun}Model] {{ get set }}
  var lastRefresh: Date? {{ get }}
  func find(matching query: String) throws -> [{noun}Model]
  func item(id: Int) -> {noun}Model?
  func refresh(completion: @escaping (Result<[{noun}Model], any Error>) -> Void)
  func insert(_ item: {noun}Model, at index: Int)
}}
"""


def delegate(n, noun):
    return f"""public protocol {n}: AnyObject {{
  func {noun.lower()}View(_ view: ScaleView, didSelect index: Int)
  func {noun.lower()}View(_ view: ScaleView, heightFor index: Int) -> Double
  func {noun.lower()}ViewDidScroll(_ view: ScaleView)
  func {noun.lower()}View(_ view: ScaleView, didFailWith error: any Error)
}}
"""


def typed(n, noun):
    return f"""public protocol {n}: Sendable {{
  func load{noun}(id: Int) async throws(ScaleError) -> {noun}Model
  func ping() throws(ScaleError)
  var status: String {{ get throws(ScaleError) }}
  var isReachable: Bool {{ get async }}
}}
"""


def closures(n, noun):
    return f"""public protocol {n} {{
  var onChange: ((Int) -> Void)? {{ get set }}
  func observe(_ handler: @escaping @Sendable ({noun}Model) -> Void) -> ScaleToken
  func each(_ body: ({noun}Model) throws -> Void) throws
  func schedule(after delay: Double, _ work: @escaping @Sendable () -> Void)
  func transform<T>(_ value: T, with body: @escaping (T) -> T) -> T
}}
"""


def keyvalue(n, noun):
    return f"""public protocol {n}: AnyObject {{
  func string(forKey key: String) -> String?
  func integer(forKey key: String) -> Int
  func set(_ value: Any?, forKey key: String)
  func removeValue(forKey key: String)
  subscript(key: String) -> String? {{ get set }}
  var keys: [String] {{ get }}
}}
"""


def analytics(n, noun):
    return f"""public protocol {n} {{
  func track(event: String, properties: [String: Any])
  func identify(userID: String?)
  func log(_ format: String, _ arguments: any CVarArg...)
  func attach(_ object: AnyObject)
  func hash(into hasher: inout Hasher)
  func finish(_ result: Result<Int, any Error>)
}}
"""


def statics(n, noun):
    return f"""public protocol {n} {{
  static var defaultName: String {{ get }}
  static func make{noun}(named name: String) -> {noun}Model
  var name: String {{ get set }}
  func reset()
}}
"""


def overloads(n, noun):
    return f"""public protocol {n}: Sendable {{
  func convert(_ value: Int) -> String
  func convert(_ value: Double) -> String
  func convert(_ value: String) -> Int
  func update(arg: Int, extra: Bool)
  func update(arg: String)
}}
"""


def inout(n, noun):
    return f"""public protocol {n} {{
  func increment(_ value: inout Int)
  func next(_ state: inout [String], limit: Int) -> Bool
  func fill(_ buffer: inout [UInt8]) throws -> Int
  func `default`(for key: String, in scope: Int) -> Int
  func empty(_: Int, _: String) -> Bool
}}
"""


def mainactor(n, noun):
    return f"""@MainActor
public protocol {n}: AnyObject {{
  var title: String {{ get }}
  var isLoading: Bool {{ get }}
  func load() async
  func didTap{noun}(id: Int)
  func dismiss(animated: Bool)
}}
"""


def existentials(n, noun):
    return f"""public protocol {n} {{
  func draw(_ shape: any ScaleShape)
  func fill(_ shape: (any ScaleShape)?)
  func register(_ type: ScaleView.Type?)
  func first() -> (any ScaleShape)?
  func render(_ shape: some ScaleShape)
}}
"""


def marker(n, noun):
    return f"""public protocol {n} {{}}
"""


def actor(n, noun):
    return f"""public protocol {n}: Actor {{
  var token: String? {{ get }}
  func save(token: String)
  func clear()
}}
"""


def associated(n, noun):
    return f"""public protocol {n} {{
  associatedtype Item
  func loadFirstPage() async throws -> [Item]
  func loadNextPage() async throws -> [Item]
  var hasMore: Bool {{ get }}
}}
"""


# (shape, weight): mostly ordinary app shapes, a few the generator refuses or warns about.
SHAPES = [
    (service, 18), (repository, 12), (delegate, 8), (typed, 6), (closures, 8), (keyvalue, 6),
    (analytics, 6), (statics, 4), (overloads, 6), (inout, 4), (mainactor, 8), (existentials, 6),
    (marker, 2), (actor, 3), (associated, 3),
]

SUPPORT = """import Foundation

// Types the generated protocols mention.

public struct ScaleError: Error, Equatable, Sendable {
  public var code: Int
  public init(code: Int) { self.code = code }
}

public final class ScaleView {
  public var tag: Int
  public init(tag: Int) { self.tag = tag }
}

public final class ScaleToken: Sendable {
  public let id: Int
  public init(id: Int) { self.id = id }
}

public protocol ScaleShape {
  var sides: Int { get }
}
"""


def model(noun):
    return f"""public struct {noun}Model: Equatable, Hashable, Codable, Sendable {{
  public var id: Int
  public var name: String
  public init(id: Int, name: String) {{
    self.id = id
    self.name = name
  }}
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--per-file", type=int, default=100)
    parser.add_argument("--module", default="ScaleServices")
    arguments = parser.parse_args()

    sources = os.path.join(arguments.folder, "Sources", arguments.module)
    os.makedirs(sources, exist_ok=True)
    with open(os.path.join(arguments.folder, "Package.swift"), "w") as f:
        f.write(f"""// swift-tools-version: 6.1
// Written by Benchmarks/SpyScale/generate.py: {arguments.count} protocols for generate-spies.
import PackageDescription

let package = Package(
  name: "SpyScale",
  platforms: [.macOS(.v13)],
  targets: [.target(name: "{arguments.module}")],
  swiftLanguageModes: [.v6]
)
""")
    nouns = sorted(set(NOUNS))
    with open(os.path.join(sources, "Support.swift"), "w") as f:
        f.write(SUPPORT)
        for noun in nouns:
            f.write("\n" + model(noun))

    rng = random.Random(20)  # the same package every time
    shapes = [shape for shape, weight in SHAPES for _ in range(weight)]
    counts = {}
    files = (arguments.count + arguments.per_file - 1) // arguments.per_file
    written = 0
    for file_index in range(files):
        with open(os.path.join(sources, f"Protocols{file_index:03}.swift"), "w") as f:
            f.write("import Foundation\n")
            for _ in range(min(arguments.per_file, arguments.count - written)):
                shape = rng.choice(shapes)
                noun = rng.choice(nouns)
                role = rng.choice(ROLES)
                name = f"{noun}{role}{written}"
                f.write("\n/// A generated protocol.\n" + shape(name, noun))
                counts[shape.__name__] = counts.get(shape.__name__, 0) + 1
                written += 1
    mix = ", ".join(f"{name} {count}" for name, count in sorted(counts.items()))
    print(f"{written} protocols in {files} files under {sources}: {mix}")


if __name__ == "__main__":
    main()
