import Foundation
import SharedInstances
import Synchronization
import Testing

@testable import _SharedInstancesIsolation

/// `_Scope.current` finds the binding with the runtime's lookup, not `TaskLocal.get()`: it
/// finds what `_CurrentScope.scope` holds wherever a task-local is visible, and nothing where
/// it is not.
@Suite struct CurrentScopeTests {
  @Test func theScopeIsWhatTheTaskLocalHolds() async {
    let outer = makeScope("outer")
    let inner = makeScope("inner", parent: outer)
    #expect(_Scope.current == nil)
    await _CurrentScope.$scope.withValue(outer) {
      #expect(_Scope.current === outer)
      _CurrentScope.$scope.withValue(inner) {
        #expect(_Scope.current === inner)
      }
      #expect(_Scope.current === outer)
      async let child = _Scope.current === outer
      #expect(await child)
      await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<4 { group.addTask { _Scope.current === outer } }
        for await found in group { #expect(found) }
      }
      #expect(await Task { _Scope.current === outer }.value)
      #expect(await Task.detached { _Scope.current == nil }.value)
    }
    #expect(_Scope.current == nil)
  }

  @Test func anUnstructuredTaskKeepsItsScopeAfterTheBindingEnded() async {
    let scope = makeScope("outlived")
    let (started, resume) = AsyncStream.makeStream(of: Void.self)
    let task = _CurrentScope.$scope.withValue(scope) {
      Task {
        for await _ in started { break }
        return _Scope.current === scope
      }
    }
    resume.yield()
    #expect(await task.value)
  }

  @Test func onAThreadOutsideTasksTheThreadsBindingIsFound() {
    let scope = makeScope("thread")
    let found = Mutex<[Bool]>([])
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      found.withLock { $0.append(_Scope.current == nil) }
      _CurrentScope.$scope.withValue(scope) {
        found.withLock { $0.append(_Scope.current === scope) }
      }
      found.withLock { $0.append(_Scope.current == nil) }
      done.signal()
    }
    thread.start()
    #expect(done.wait(timeout: .now() + 30) == .success)
    #expect(found.withLock { $0 } == [true, true, true])
  }

  private func makeScope(_ name: String, parent: _Scope? = nil) -> _Scope {
    _Scope(name: name, parent: parent, isStrict: false, isProcessWide: false) { _ in }
  }
}
