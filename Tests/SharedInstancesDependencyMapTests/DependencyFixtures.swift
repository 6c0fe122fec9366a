import SharedInstances

// Boxes of distinct types, so that record keys (`Resettable<T> in <file>`) stay stable when
// lines of this file move.

final class DepAnalytics: Sendable {
  let tag: String
  init(_ tag: String) { self.tag = tag }
}

final class DepNetwork: Sendable {
  let tag: String
  init(_ tag: String) { self.tag = tag }
}

final class DepClock: Sendable {
  let tag: String
  init(_ tag: String) { self.tag = tag }
}

final class DepSession: Sendable {
  let tag: String
  init(_ tag: String) { self.tag = tag }
}

/// Reads other boxes in its factory: strict mode reports those reads with this box's chain.
final class DepProfile: Sendable {
  let network: DepNetwork
  init(network: DepNetwork) { self.network = network }
}

/// Its factory reads `profile`, whose factory reads `network`: a chain of three.
final class DepScreen: Sendable {
  let profile: DepProfile
  init(profile: DepProfile) { self.profile = profile }
}

enum DependencyBoxes {
  static let analytics = Resettable { DepAnalytics("real") }
  static let network = Resettable(
    inTests: .required(default: { DepNetwork("unimplemented") })
  ) { DepNetwork("real") }
  static let clock = Resettable { DepClock("real") }
  static let session = Resettable<DepSession>.empty()
  static let profile = Resettable { DepProfile(network: DependencyBoxes.network.value) }
  static let screen = Resettable { DepScreen(profile: DependencyBoxes.profile.value) }
}
