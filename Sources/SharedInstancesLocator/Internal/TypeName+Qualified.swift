import SharedInstances

// Here, where the locator's messages use it, rather than in the core: a production program that
// uses only boxes does not carry it (issue 30, item 8).
extension _TypeName {
  /// The fully qualified name of `type` (`MyApp.ImageCache`), with the runtime's placeholders
  /// for local contexts (`(unknown context at $55ab…).`) left out, so that a type declared in a
  /// function or a test reads `MyApp.ImageCache` rather than an address.
  package static func qualified(_ type: Any.Type) -> String {
    withoutUnknownContexts(String(reflecting: type))
  }
}
