import Foundation
import SharedInstances
import SharedInstancesDependencyMap
import SharedInstancesTesting
import Testing

/// `dependencies.html`: self-contained, safe whatever the names, its data the same map as
/// `dependencies.json`, and small at 1,000 tests × 100 boxes. `scripts/check-map-in-browser.sh`
/// opens the pages in Chromium.
@Suite struct DependencyMapPageTests {
  /// The text of the page's data element.
  private static func data(_ page: String) -> String? {
    let start = page.range(of: "<script id=\"map-data\" type=\"application/json\">\n")
    guard let start,
      let end = page.range(of: "\n</script>", range: start.upperBound..<page.endIndex)
    else { return nil }
    return String(page[start.upperBound..<end.lowerBound])
  }

  @Test func thePageLoadsNothing() {
    let page = DependencyMapFixtures.knownSuite().html()
    #expect(page.hasPrefix("<!DOCTYPE html>\n"))
    for reference in ["http:", "https:", "file:", " src=", "<link", "@import", "url(", "fetch("] {
      #expect(!page.contains(reference), "the page refers to another file: \(reference)")
    }
    #expect(page.components(separatedBy: "<script").count - 1 == 2)  // the data, the script
  }

  /// The page is its three source files: the markup of `Page/dependencies.html` with the style
  /// of `dependencies.css` and the script of `dependencies.js` inlined where it links them.
  @Test func thePageIsItsSourceFilesInlined() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.appendingPathComponent("Sources/SharedInstancesDependencyMap/Page")
    func file(_ name: String) throws -> String {
      try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
    let page = DependencyMapFixtures.knownSuite().html()
    let data = try #require(Self.data(page))
    let expected = try file("dependencies.html")
      .replacingOccurrences(
        of: #"<link rel="stylesheet" href="dependencies.css">"#,
        with: "<style>\n\(try file("dependencies.css"))</style>"
      )
      .replacingOccurrences(
        of: #"<script src="dependencies.js"></script>"#,
        with: "<script>\n\(try file("dependencies.js"))</script>"
      )
      .replacingOccurrences(
        of: "<script id=\"map-data\" type=\"application/json\">\n</script>",
        with: "<script id=\"map-data\" type=\"application/json\">\n\(data)\n</script>"
      )
    #expect(page == expected)
  }

  /// A name cannot end the data element or open a comment: `<`, `>` and `&` are escaped in
  /// the data, which still reads back as the names.
  @Test func namesCannotBreakOutOfTheData() throws {
    let map = DependencyMap()
    let name = "x</script><script>alert(1)</script>()"
    map.add(
      .init(suite: "A&B", name: name),
      [(DependencyMap.Box(type: "Resettable<!-- T -->", declaredAt: "A.swift:1"), [.sets])]
    )
    let data = try #require(Self.data(map.html()))
    #expect(!data.contains("<") && !data.contains(">") && !data.contains("&"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
    )
    #expect(object["suites"] as? [String] == ["A&B"])
    #expect((object["tests"] as? [[Any]])?.first?[1] as? String == name)
    #expect((object["boxes"] as? [[String]])?.first?.first == "Resettable<!-- T -->")
  }

  /// The page's data, decoded as its script does, gives each box the tests `dependencies.json`
  /// lists in each view.
  @Test func theDataCountsWhatTheJSONLists() throws {
    let map = DependencyMapFixtures.largeMap(tests: 200, boxes: 30)
    let data = try #require(Self.data(map.html()))
    let page = try #require(
      try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
    )
    let suites = try #require(page["suites"] as? [String])
    let boxes = try #require(page["boxes"] as? [[String]])
    let tests = try #require(page["tests"] as? [[Any]])
    var pageViews: [String: [String: Set<String>]] = [:]  // box → view → test paths
    for test in tests {
      let suite = suites[try #require(test[0] as? Int)]
      let name = try #require(test[1] as? String)
      let path = suite.isEmpty ? name : "\(suite)/\(name)"
      let dependencies = try #require(test[2] as? [Int])
      for pair in stride(from: 0, to: dependencies.count, by: 2) {
        let box = boxes[dependencies[pair]][0] + " " + boxes[dependencies[pair]][1]
        let bits = dependencies[pair + 1]
        for (view, mask) in [("readForRealBy", 1), ("overriddenBy", 2 | 4), ("setBy", 8)]
        where bits & mask != 0 {
          pageViews[box, default: [:]][view, default: []].insert(path)
        }
      }
    }
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(map.json().utf8)) as? [String: Any]
    )
    let jsonBoxes = try #require(json["boxes"] as? [[String: Any]])
    #expect(
      jsonBoxes.map { "\($0["box"]!) \($0["declaredAt"]!)" } == boxes.map { "\($0[0]) \($0[1])" }
    )
    for box in jsonBoxes {
      let key = "\(box["box"]!) \(box["declaredAt"]!)"
      for view in ["readForRealBy", "overriddenBy", "setBy"] {
        #expect(Set(box[view] as? [String] ?? []) == pageViews[key]?[view] ?? [], "\(key) \(view)")
      }
    }
    #expect(tests.count == (json["tests"] as? [Any])?.count)
  }

  @Test func aThousandTestsAndAHundredBoxesMakeAPageUnderAMegabyte() {
    let map = DependencyMapFixtures.largeMap()
    #expect(map.snapshot.count == 1_000)
    #expect(Set(map.snapshot.values.flatMap(\.keys)).count == 100)
    #expect(map.html().utf8.count < 200_000, "\(map.html().utf8.count) bytes")
    // Every test touching every box: still under a megabyte.
    let dense = DependencyMapFixtures.denseMap().html()
    #expect(dense.utf8.count < 1_000_000, "\(dense.utf8.count) bytes")
  }

  /// Writes the known, the large and the dense map, with their three files each, where
  /// `SHARED_INSTANCES_MAP_PAGE_FIXTURES` says (the browser check sets it), else into a
  /// temporary folder that is removed.
  @Test func writesTheMapsTheBrowserCheckOpens() throws {
    let asked = ProcessInfo.processInfo.environment["SHARED_INSTANCES_MAP_PAGE_FIXTURES"]
    let folder =
      asked
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("si-page-\(UUID())").path
    defer { if asked == nil { try? FileManager.default.removeItem(atPath: folder) } }
    try DependencyMapFixtures.knownSuite().write(to: folder + "/known")
    try DependencyMapFixtures.largeMap().write(to: folder + "/large")
    try DependencyMapFixtures.denseMap().write(to: folder + "/dense")
    for map in ["known", "large", "dense"] {
      for file in ["dependencies.md", "dependencies.json", "dependencies.html"] {
        #expect(FileManager.default.fileExists(atPath: "\(folder)/\(map)/\(file)"))
      }
    }
  }
}
