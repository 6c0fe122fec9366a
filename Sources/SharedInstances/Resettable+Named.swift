extension Resettable {
  /// A box that messages name by `name` (`SystemBoxes.date`) rather than by its type alone.
  package convenience init(
    named name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ factory: @escaping @Sendable () -> Shared
  ) {
    self.init(
      factory: factory,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      name: name
    )
  }
}
