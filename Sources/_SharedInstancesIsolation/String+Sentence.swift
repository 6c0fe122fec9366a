extension String {
  /// The text with its first letter upper-cased, to start a sentence.
  package var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
