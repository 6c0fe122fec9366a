import Dependencies

/// Row 4: the service as a swift-dependencies dependency.
enum ServiceKey: DependencyKey {
  static let liveValue = Service()
}

extension DependencyValues {
  var benchmarkService: Service {
    get { self[ServiceKey.self] }
    set { self[ServiceKey.self] = newValue }
  }
}

/// A model reading its dependency through `@Dependency`, as swift-dependencies recommends.
struct DependencyReader {
  @Dependency(\.benchmarkService) var service
}
