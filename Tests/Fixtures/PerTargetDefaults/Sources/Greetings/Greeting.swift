import SharedInstances

/// The box each test target gives a default of its own.
public enum Greeting {
  public static let word = Resettable<String> { "real" }
}
