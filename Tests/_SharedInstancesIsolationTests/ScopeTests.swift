import SharedInstances
import Synchronization
import Testing

@testable import _SharedInstancesIsolation

/// A scope of the isolation layer, used directly as the test-support modules use it: the
/// instances it serves, what it records, and what it reports once ended.
@Suite struct ScopeTests {
  @Test func aScopesOverrideIsServedInItAndNowhereElse() {
    let box = Resettable { Probe("real") }
    let scope = makeScope()
    _CurrentScope.$scope.withValue(scope) {
      box.override(with: Probe("double"))
      #expect(box.value.tag == "double")
      #expect(box.isOverridden)
    }
    #expect(box.value.tag == "real")
    #expect(!box.isOverridden)
    scope.end()
  }

  @Test func aNestedScopeStartsFromItsParentsInstancesAndKeepsItsChangesToItself() {
    let box = Resettable { Probe("real") }
    let parent = makeScope()
    _CurrentScope.$scope.withValue(parent) { box.override(with: Probe("parent's")) }
    let child = makeScope(parent: parent)
    _CurrentScope.$scope.withValue(child) {
      #expect(box.value.tag == "parent's")
      box.override(with: Probe("child's"))
      #expect(box.value.tag == "child's")
    }
    _CurrentScope.$scope.withValue(parent) { #expect(box.value.tag == "parent's") }
    child.end()
    parent.end()
  }

  @Test func touchesCountTheReadsOfEveryBoxTheScopeUsed() throws {
    let read = Resettable { Probe("real") }
    let overridden = Resettable { Probe("real") }
    let scope = makeScope()
    _CurrentScope.$scope.withValue(scope) {
      _ = read.value
      _ = read.value
      overridden.override(with: Probe("double"))
      _ = overridden.value
    }
    scope.end()
    let touches = scope.touches()
    let ofRead = try #require(touches.first { $0.identity === read._identity })
    #expect(ofRead.reads == 2)
    #expect(ofRead.overriddenReads == 0)
    #expect(ofRead.readRealInstance)
    let ofOverridden = try #require(touches.first { $0.identity === overridden._identity })
    #expect(ofOverridden.reads == 1)
    #expect(ofOverridden.overriddenReads == 1)
    #expect(!ofOverridden.readRealInstance)
  }

  @Test func aUseAfterTheScopeEndedIsReportedOncePerBox() {
    let box = Resettable { Probe("real") }
    let reports = Mutex<[String]>([])
    let scope = makeScope(name: "the ended test") { diagnostic in
      reports.withLock { $0.append(diagnostic.message) }
    }
    _CurrentScope.$scope.withValue(scope) { box.override(with: Probe("double")) }
    scope.end()
    _CurrentScope.$scope.withValue(scope) {
      #expect(box.value.tag == "double")  // still the test's, until nothing refers to the scope
      _ = box.value
    }
    let messages = reports.withLock { $0 }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("after that test ended") ?? false, "\(messages)")
    #expect(messages.first?.contains("the ended test") ?? false, "\(messages)")
  }

  private func makeScope(
    name: String = "a scope of ScopeTests",
    parent: _Scope? = nil,
    report: @escaping @Sendable (_Diagnostic) -> Void = { _ in }
  ) -> _Scope {
    _Scope(name: name, parent: parent, isStrict: false, isProcessWide: false, report: report)
  }
}

// MARK: - Fixtures

/// A value a test can tell apart from every other.
private final class Probe: Sendable {
  let tag: String
  init(_ tag: String) { self.tag = tag }
}
