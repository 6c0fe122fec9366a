import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// GettingStarted.md, "Background work in tests" (a job queue that carries the scope of the
/// code that enqueued a job, a test that awaits the jobs without blocking a thread, and a
/// `Task {}` awaited before the test returns), and `update`'s Optional.
extension Docs {
  struct Order: Sendable {
    let items: [String]
  }

  protocol Warehousing: Sendable {
    func reserve(_ items: [String])
  }

  final class Warehouse: Warehousing {
    static let shared = Resettable<any Warehousing> { Warehouse() }
    func reserve(_ items: [String]) { /* calls the warehouse's API */  }
  }

  final class WarehouseSpy: Spy<WarehouseSpy.Call>, Warehousing,
    @unchecked Sendable  // all state lives in the spy's lock
  {
    enum Call: SpyCall, Hashable { case reserve([String]) }

    func reserve(_ items: [String]) { record(.reserve(items)) }
  }

  // The snippet starts here.
  final class JobQueue: Sendable {
    static let shared = Resettable { JobQueue() }
    private let queue = DispatchQueue(label: "jobs")  // serial: jobs run in order

    /// Runs `job` later, in the scope of the code that enqueued it.
    func enqueue(_ job: @escaping @Sendable () -> Void) {
      let scope = SharedScope.current
      queue.async { scope.run(job) }
    }

    /// Calls `done` once every job enqueued before it has run.
    func whenIdle(_ done: @escaping @Sendable () -> Void) {
      queue.async(execute: done)
    }
  }

  struct OrderService {
    func place(_ order: Order) {
      JobQueue.shared.value.enqueue {
        Warehouse.shared.value.reserve(order.items)
      }
    }
  }
  // The snippet ends here.

  @Suite(TimeLimits.waiting) struct GettingStartedBackgroundWorkSnippets {
    @Test(.isolatedShared) func placingAnOrderReservesItsItems() async {
      let warehouse = WarehouseSpy()
      Warehouse.shared.override(with: warehouse)

      OrderService().place(Order(items: ["book"]))
      await withCheckedContinuation { done in
        JobQueue.shared.value.whenIdle { done.resume() }
      }

      #expect(warehouse.calls == [.reserve(["book"])])
    }

    /// The job ran on the queue's thread in the test's scope: it read the test's override, and
    /// the real warehouse was never read.
    @Test(.isolatedShared) func theJobRunsInTheTestsScope() async {
      let warehouse = WarehouseSpy()
      Warehouse.shared.override(with: warehouse)
      let inScope = Locked(false)
      JobQueue.shared.value.enqueue { inScope.set(SharedScope.current.isIsolated) }
      OrderService().place(Order(items: ["pen", "ink"]))
      await withCheckedContinuation { done in
        JobQueue.shared.value.whenIdle { done.resume() }
      }
      #expect(inScope.get())
      #expect(warehouse.calls == [.reserve(["pen", "ink"])])
      let real = SharedScope.current.touchedInstances.filter(\.readRealInstance)
      #expect(!real.map(\.sharedTypeName).contains("Warehousing"))
    }

    /// "A `Task {}` that the test starts inherits its scope: keep it, and await its value."
    @Test(.isolatedShared) func aTaskTheTestStartsIsAwaited() async {
      let warehouse = WarehouseSpy()
      Warehouse.shared.override(with: warehouse)

      let reservation = Task {
        Warehouse.shared.value.reserve(["lamp"])
      }
      await reservation.value

      #expect(warehouse.calls == [.reserve(["lamp"])])
    }

    /// "Its closure takes an Optional: the current instance, or nil when the box holds none."
    @Test(.isolatedShared) func updateTakesAnOptional() {
      Session.currentUser.update { user in
        User(name: user?.name ?? "Guest")
      }
      #expect(Session.currentUser.currentValue?.name == "Guest")  // it was empty: nil

      Session.currentUser.set(User(name: "Ada"))
      Session.currentUser.update { user in
        User(name: user?.name ?? "Guest")
      }
      #expect(Session.currentUser.currentValue?.name == "Ada")
    }
  }
}
