import Foundation
import TestSupport
import Testing
import _SharedInstancesShims

@testable import SharedInstances

/// A box names the thread that runs its factory (or an `update`) by an identity no later thread
/// receives: a thread that exits inside a factory leaves its box locked, and the threads that
/// come after it must not be taken for that factory (a false "read again by its own factory", a
/// `set` refused as a change during creation), even when the C library hands them the exited
/// thread's `pthread_t`.
@Suite(.serialized, .timeLimit(.minutes(1))) struct ThreadIdentityTests {
  @Test func aThreadAfterOneThatExitedInsideAFactoryIsNotItsCreator() {
    let box = Resettable<Marked> { ExitingFactory.make() }
    let exited = ExitingFactory.runOnExitingThread { _ = box.value }
    let later = Marked("later")
    let seen = OnThread.run(reusing: exited) {
      box.set(later)
      return box._global.isCreatingOnThisThread
    }

    #expect(seen.result == false, "a later thread was taken for the exited factory's thread")
    #expect(box.currentValue === later, "the later thread's set(_:) was refused")
    // Where the C library reused the exited thread's id, the check above is the one that counts.
    if !seen.reusedId { print("ThreadIdentityTests: the exited thread's pthread_t was not reused") }
  }

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    /// The later thread reads the box the exited factory left locked: it waits (the factory
    /// never finishes, as with `dispatch_once`), and the program does not stop with a cycle that
    /// does not exist.
    @Test func aReadAfterAThreadExitedInsideAFactoryWaitsInsteadOfStopping() async {
      await #expect(processExitsWith: .success) {
        let box = Resettable<Marked> { ExitingFactory.make() }
        // The thread started next usually receives the exited one's `pthread_t`.
        _ = ExitingFactory.runOnExitingThread { _ = box.value }
        let reading = Latch()
        OnThread.start {
          reading.open()
          _ = box.value
          // Never reached: the read waits for the exited factory.
          exit(3)
        }
        reading.waitOrFail("the second thread to start its read")
        usleep(300_000)  // long enough for a false stop to happen
        exit(0)
      }
    }
  #endif
}

// MARK: - Fixtures

private final class Marked: Sendable {
  let label: String
  init(_ label: String) { self.label = label }
}

/// A factory that exits its thread (`pthread_exit`) on the thread `runOnExitingThread` starts.
private enum ExitingFactory {
  /// Set on the thread whose factory run exits.
  nonisolated(unsafe) private static var key = pthread_key_t()
  private static let keyMade: Void = { _ = pthread_key_create(&key, nil) }()

  static func make() -> Marked {
    _ = keyMade
    if pthread_getspecific(key) != nil { pthread_exit(nil) }
    return Marked("made")
  }

  /// Runs `body` on a new thread that exits if `body` runs this factory; returns that thread's
  /// `pthread_t` (as an integer) once the thread is joined.
  static func runOnExitingThread(_ body: @escaping @Sendable () -> Void) -> UInt {
    _ = keyMade
    return OnThread.run(reusing: nil) {
      pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
      body()
      pthread_setspecific(key, nil)
      return false
    }.id
  }
}

/// Runs a closure on a new POSIX thread made with default attributes, so that the C library may
/// hand it the stack, and the `pthread_t`, of a thread just joined.
private final class OnThread: @unchecked Sendable {
  // @unchecked: `result` and `id` are written by the thread before it ends and read after the
  // join (or, in `start`, never read).
  let body: () -> Bool
  var result: Bool?
  var id: UInt = 0

  init(_ body: @escaping () -> Bool) { self.body = body }

  /// Runs `body` on a new thread and joins it; `reusedId` says whether the thread's `pthread_t`
  /// was `previous`. A thread that exits inside `body` leaves `result` nil.
  static func run(
    reusing previous: UInt?,
    _ body: @escaping @Sendable () -> Bool
  ) -> (result: Bool?, id: UInt, reusedId: Bool) {
    let context = OnThread(body)
    let thread = spawn(context)
    #if canImport(Darwin)
      pthread_join(thread!, nil)
    #else
      pthread_join(thread, nil)
    #endif
    return (context.result, context.id, previous == context.id)
  }

  /// Starts `body` on a new thread and leaves it running.
  static func start(_ body: @escaping @Sendable () -> Void) {
    let thread = spawn(
      OnThread {
        body()
        return true
      }
    )
    #if canImport(Darwin)
      pthread_detach(thread!)
    #else
      pthread_detach(thread)
    #endif
  }

  #if canImport(Darwin)
    private static func spawn(_ context: OnThread) -> pthread_t? {
      var thread: pthread_t?
      let raw = Unmanaged.passRetained(context).toOpaque()
      precondition(pthread_create(&thread, nil, { OnThread.main($0) }, raw) == 0)
      return thread
    }
  #else
    private static func spawn(_ context: OnThread) -> pthread_t {
      var thread = pthread_t()
      let raw = Unmanaged.passRetained(context).toOpaque()
      precondition(pthread_create(&thread, nil, { OnThread.main($0) }, raw) == 0)
      return thread
    }
  #endif

  private static func main(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    // Released at the end: a thread that exits inside `body` leaks it, once.
    let unmanaged = Unmanaged<OnThread>.fromOpaque(raw!)
    let context = unmanaged.takeUnretainedValue()
    #if canImport(Darwin)
      context.id = UInt(bitPattern: pthread_self())
    #else
      context.id = UInt(pthread_self())
    #endif
    context.result = context.body()
    unmanaged.release()
    return nil
  }
}
