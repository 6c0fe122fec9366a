import SharedInstancesTesting
import Testing

/// `SpyArgument`: recorded values compared by value where their type is `Equatable`.
@Suite struct SpyArgumentTests {
  @Test func equatableValuesCompareByValueAndType() {
    #expect(SpyArgument<Any>(3) == SpyArgument<Any>(3))
    #expect(SpyArgument<Any>(3) != SpyArgument<Any>(4))
    #expect(SpyArgument<Any>(3) != SpyArgument<Any>("3"))
    #expect(SpyArgument<Any>([1, 2]) == SpyArgument<Any>([1, 2]))
    #expect(SpyArgument<Any>(Point(x: 1)) == SpyArgument<Any>(Point(x: 1)))
    #expect(SpyArgument<Any>(Point(x: 1)) != SpyArgument<Any>(Point(x: 2)))
  }

  @Test func metatypesCompareByIdentity() {
    #expect(SpyArgument<Any>(Int.self) == SpyArgument<Any>(Int.self))
    #expect(SpyArgument<Any>(Int.self) != SpyArgument<Any>(String.self))
    #expect(SpyArgument<Any>(Int.self) != SpyArgument<Any>(3))
  }

  @Test func optionalsAreLookedThrough() {
    #expect(SpyArgument<Any>(Int?.some(3) as Any) == SpyArgument<Any>(3))
    #expect(SpyArgument<Int?>(nil) == SpyArgument<Int?>(nil))
    #expect(SpyArgument<Int?>(nil) != SpyArgument<Int?>(3))
    #expect(SpyArgument<Any.Type?>(nil) != SpyArgument<Any.Type?>(Int.self))
  }

  @Test func objectsThatAreNotEquatableCompareByIdentity() {
    let object = Token()
    #expect(SpyArgument<AnyObject>(object) == SpyArgument<AnyObject>(object))
    #expect(SpyArgument<AnyObject>(object) != SpyArgument<AnyObject>(Token()))
  }

  @Test func otherValuesThatAreNotEquatableCompareByType() {
    #expect(SpyArgument<Any>(Opaque(id: 1)) == SpyArgument<Any>(Opaque(id: 2)))
    #expect(SpyArgument<Any>(Opaque(id: 1)) != SpyArgument<Any>(1))
  }

  @Test func itDescribesItselfAsTheValue() {
    #expect(String(reflecting: SpyArgument("a")) == #""a""#)
    #expect(SpyArgument<Any>(3).value as? Int == 3)
  }
}

// MARK: - Fixtures

private struct Point: Equatable {
  var x: Int
}

private struct Opaque {
  var id: Int
}

private final class Token {}
