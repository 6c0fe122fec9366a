import Foundation

// The page `dependencies.html` is made of the files in `Page/`, embedded in the code at build
// time (`.embedInCode`: no resource bundle, no `Bundle` at run time): `dependencies.html`, a page
// that links `dependencies.css` and `dependencies.js` and holds an empty data element, is made
// self-contained by inlining the two and filling the data in.

extension DependencyMap {
  /// The page around its data, assembled once: the markup and inline style up to the data
  /// element's opening tag, and from its closing tag on (the inline script and the page's end).
  static let page: (beforeData: String, afterData: String) = {
    let inlined = text(PackageResources.dependencies_html)
      .replacingOccurrences(
        of: #"<link rel="stylesheet" href="dependencies.css">"#,
        with: "<style>\n\(text(PackageResources.dependencies_css))</style>"
      )
      .replacingOccurrences(
        of: #"<script src="dependencies.js"></script>"#,
        with: "<script>\n\(text(PackageResources.dependencies_js))</script>"
      )
    let dataTag = #"<script id="map-data" type="application/json">"# + "\n"
    let parts = inlined.components(separatedBy: dataTag)
    precondition(parts.count == 2, "Page/dependencies.html must hold one map-data element")
    return (parts[0] + dataTag, parts[1])
  }()

  private static func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
