import Dependencies
import SharedInstances
import SharedInstancesLocator
import Swinject

/// Rows 0–6: one read on one thread, in a process where no test isolation scope was ever
/// opened (as in an app).
enum ProductionReads {
  static func run(_ sampler: Sampler, into report: inout Report) {
    let local = Service()
    report.add(
      Row(
        id: "0",
        benchmark: "harness: the loop returning a local object",
        sample: sampler.measure { local },
        notes: "indirect call + retain/release: what returning a heap object costs"
      )
    )
    report.add(
      Row(
        id: "1",
        benchmark: "`static let` read (the floor)",
        sample: sampler.measure { StaticLetSingleton.shared },
        notes: "object built by the compiler: no reference counting"
      )
    )
    report.add(
      Row(
        id: "1b",
        benchmark: "`static let` read, instance created at run time",
        sample: sampler.measure { RuntimeStaticLetSingleton.shared },
        notes: "a real singleton's `static let`: retain/release per read"
      )
    )
    report.add(
      Row(
        id: "2a",
        benchmark: "`Mutex<Service?>`, lazily created",
        sample: sampler.measure { MutexSingleton.shared }
      )
    )
    report.add(
      Row(
        id: "2b",
        benchmark: "`NSLock` + optional, lazily created",
        sample: sampler.measure { NSLockSingleton.shared }
      )
    )
    report.add(
      Row(
        id: "3a",
        benchmark: "`Resettable.value`, created, no test running",
        sample: sampler.measure { Boxes.created.value }
      )
    )
    Boxes.overridden.override(with: Service())
    report.add(
      Row(
        id: "3b",
        benchmark: "`Resettable.value`, overridden, no test running",
        sample: sampler.measure { Boxes.overridden.value }
      )
    )
    measureDependencies(sampler, into: &report)
    measureSwinject(sampler, into: &report)
    measureLocator(sampler, into: &report)
  }

  private static func measureDependencies(_ sampler: Sampler, into report: inout Report) {
    let reader = DependencyReader()
    report.add(
      Row(
        id: "4a",
        benchmark: "swift-dependencies: `@Dependency` read",
        sample: sampler.measure { reader.service }
      )
    )
    let inside = withDependencies {
      $0.benchmarkService = Service()
    } operation: {
      let reader = DependencyReader()
      return sampler.measure { reader.service }
    }
    report.add(
      Row(
        id: "4b",
        benchmark: "swift-dependencies: `@Dependency` read inside `withDependencies`",
        sample: inside
      )
    )
  }

  private static func measureSwinject(_ sampler: Sampler, into report: inout Report) {
    for (id, registrations) in [("5a", 1), ("5b", 100)] {
      let container = SwinjectFixtures.container(registrations: registrations)
      report.add(
        Row(
          id: id,
          benchmark: "Swinject: `container.resolve`, `.container` scope, \(registrations) "
            + (registrations == 1 ? "registration" : "registrations"),
          sample: sampler.measure { container.resolve(Service.self)! }
        )
      )
    }
    for (id, registrations) in [("5c", 1), ("5d", 100)] {
      let resolver = SwinjectFixtures.container(registrations: registrations).synchronize()
      report.add(
        Row(
          id: id,
          benchmark: "Swinject: synchronized `resolve`, `.container` scope, \(registrations) "
            + (registrations == 1 ? "registration" : "registrations"),
          sample: sampler.measure { resolver.resolve(Service.self)! }
        )
      )
    }
  }

  private static func measureLocator(_ sampler: Sampler, into report: inout Report) {
    for (id, registrations) in [("6a", 1), ("6b", 100)] {
      let locator = LocatorFixtures.locator(registrations: registrations)
      report.add(
        Row(
          id: id,
          benchmark: "`ServiceLocator.get`, \(registrations) "
            + (registrations == 1 ? "registration" : "registrations"),
          sample: sampler.measure { try! locator.get(Service.self) }
        )
      )
    }
    let erased: any ServiceLocating = LocatorFixtures.locator(registrations: 100)
    report.add(
      Row(
        id: "6c",
        benchmark:
          "`get` through `any ServiceLocating` (what a factory receives), 100 registrations",
        sample: sampler.measure { try! erased.get(Service.self) },
        notes: "not a goal row: an unspecialized generic call across modules"
      )
    )
  }
}
