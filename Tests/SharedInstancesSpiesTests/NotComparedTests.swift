import Foundation
import SharedInstancesTesting
import Testing

/// What `NotCompared` compares, and what it says it does not: an assertion on a value `==`
/// cannot compare fails, rather than passing whatever was passed.
@Suite struct NotComparedTests {
  @Test func classInstancesAreComparedByIdentity() {
    let request = Request(path: "/a")
    #expect(NotCompared(request) == NotCompared(request))
    #expect(NotCompared(request) != NotCompared(Request(path: "/a")))
  }

  @Test func tuplesAndArraysOfEquatableValuesAreComparedElementWise() {
    #expect(NotCompared((x: 1, y: 2)) == NotCompared((x: 1, y: 2)))
    #expect(NotCompared((x: 1, y: 2)) != NotCompared((x: 1, y: 3)))
    let dimensions = [("path", "/a"), ("method", "GET")]
    #expect(NotCompared(dimensions) == NotCompared([("path", "/a"), ("method", "GET")]))
    #expect(NotCompared(dimensions) != NotCompared([("path", "/b"), ("method", "GET")]))
    #expect(NotCompared(dimensions) != NotCompared([("path", "/a")]))
  }

  @Test func aValueNothingCanCompareIsNeverEqualSoTheAssertionFails() {
    // A struct that is not Equatable: `==` cannot tell two apart, so it says "not equal", even
    // for the same value, rather than "equal" for any value.
    let picture = Picture(pixels: [1])
    #expect(NotCompared(picture) != NotCompared(Picture(pixels: [2])))
    #expect(NotCompared(picture) != NotCompared(picture))
    #expect(NotCompared([picture]) != NotCompared([picture]))
  }

  @Test func theDescriptionSaysWhatEqualityDoesNotCompare() {
    #expect(String(reflecting: NotCompared("a")) == #""a""#)
    #expect(String(reflecting: NotCompared((1, 2))) == "(1, 2)")
    let picture = String(reflecting: NotCompared(Picture(pixels: [1])))
    #expect(picture.contains("NotComparedTests.Picture(pixels: [1])"))
    #expect(picture.contains("not compared by =="))
    #expect(picture.contains("predicate"))
    let request = String(reflecting: NotCompared(Request(path: "/a")))
    #expect(request.contains("compared by identity"))
  }
}

// MARK: - Fixtures

extension NotComparedTests {
  final class Request: Sendable {
    let path: String
    init(path: String) { self.path = path }
  }

  struct Picture: Sendable {
    let pixels: [UInt8]
  }
}
