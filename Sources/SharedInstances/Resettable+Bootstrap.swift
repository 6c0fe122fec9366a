extension Resettable {
  /// Creates a bootstrap-once box, in the previous release's spelling.
  @available(
    *,
    deprecated,
    message: "declare the box as BootstrapOnce(name:default:), the type that has bootstrap(_:)"
  )
  @_alwaysEmitIntoClient
  public static func bootstrapOnce(
    name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    default makeDefault: @escaping @Sendable () -> Shared
  ) -> BootstrapOnce<Shared> {
    BootstrapOnce(
      name: name,
      default: makeDefault,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}
