/// How messages name types.
package enum _TypeName {
  /// The fully qualified name of `type` (`MyApp.ImageCache`), with the runtime's placeholders
  /// for local contexts (`(unknown context at $55ab…).`) left out, so that a type declared in a
  /// function or a test reads `MyApp.ImageCache` rather than an address.
  package static func qualified(_ type: Any.Type) -> String {
    withoutUnknownContexts(String(reflecting: type))
  }

  /// `name` without the runtime's `(unknown context at $…).` segments.
  package static func withoutUnknownContexts(_ name: String) -> String {
    let marker = Array("(unknown context at $".utf8)
    let bytes = Array(name.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == marker[0], bytes[index...].starts(with: marker) {
        // Skip the marker, the address, the closing parenthesis and the dot after it.
        var end = index + marker.count
        while end < bytes.count && bytes[end] != UInt8(ascii: ")") { end += 1 }
        end += 1
        if end < bytes.count && bytes[end] == UInt8(ascii: ".") { end += 1 }
        index = end
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}
