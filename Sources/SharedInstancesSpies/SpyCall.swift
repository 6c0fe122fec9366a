/// A call that a ``Spy`` records: one case per method of the double, with its arguments.
///
/// Declare an enum inside your double with one case per method it stands in for, the method's
/// arguments as associated values. The compiler checks every name: a misspelled method is a
/// compile error, not a count of zero, and recorded calls compare with `==`:
///
/// ```swift
/// final class FileStoreSpy: Spy<FileStoreSpy.Call>, FileStore, @unchecked Sendable {
///   enum Call: SpyCall {
///     case refresh
///     case open(id: Int)
///
///     enum Method { case refresh, open }
///     var method: Method {
///       switch self {
///       case .refresh: .refresh
///       case .open: .open
///       }
///     }
///   }
///
///   func refresh() { record(.refresh) }
///   func open(id: Int) throws -> String { try recordThrowing(.open(id: id)) }
/// }
///
/// #expect(spy.calls == [.refresh, .open(id: 3)])
/// ```
///
/// ## The method, apart from the arguments
///
/// Counting, stubbing and waiting are per *method*, whatever the arguments were:
/// `spy.stub(.open, returning: "x")` answers `open(id: 1)` and `open(id: 2)` alike. Swift has
/// no way to name an enum case without its associated values, so ``method`` gives each call
/// a key without them. Spell `Method` as a plain enum with the same case names, and map the
/// cases in a `switch` — exhaustive, so a case added to `Call` and forgotten in `method` does
/// not compile.
///
/// When no case has associated values, the enum is its own `Method` and there is nothing to
/// write:
///
/// ```swift
/// enum Call: SpyCall { case doSomethingImportant, reload }
/// ```
///
/// > Tip: An enum with associated values that is itself `Hashable` may also be its own
/// > `Method` (declare `Call: SpyCall, Hashable` and no `method`). Then every stub, count and
/// > wait is per argument value: `spy.stub(.open(id: 3), returning: "three")`.
///
/// ## How a call reads in failures
///
/// A call describes itself as the case and its arguments, `open(id: 3)`, in the spy's messages
/// and in the frameworks' own: when `#expect(spy.calls == [.open(id: 4)])` or `XCTAssertEqual`
/// fails, the arrays show `[open(id: 3)]`, not the fully qualified
/// `MyTests.(unknown context at $…).FileStoreSpy.Call.open(id: 3)` that Swift prints for an
/// array's elements by default. A `Call` that declares its own `debugDescription` keeps it.
public protocol SpyCall: Equatable, Sendable, CustomDebugStringConvertible {
  /// The key that identifies a method of the double regardless of the call's arguments.
  ///
  /// A plain enum with one case per method, usually nested in the ``SpyCall`` enum:
  ///
  /// ```swift
  /// enum Method { case refresh, open }
  /// ```
  associatedtype Method: Hashable & Sendable = Self

  /// The method this call was made to, without its arguments.
  ///
  /// Map each case to its method in an exhaustive `switch`:
  ///
  /// ```swift
  /// var method: Method {
  ///   switch self {
  ///   case .refresh: .refresh
  ///   case .open: .open
  ///   }
  /// }
  /// ```
  var method: Method { get }
}

extension SpyCall where Method == Self {
  /// The call itself: an enum without associated values is its own method key.
  ///
  /// You get it for free; declare nothing:
  ///
  /// ```swift
  /// enum Call: SpyCall { case doSomethingImportant }
  /// #expect(Call.doSomethingImportant.method == .doSomethingImportant)
  /// ```
  public var method: Self { self }
}

extension SpyCall {
  /// The call as its case and arguments, such as `open(id: 3)`.
  ///
  /// Arrays print their elements with this, so a failed comparison of ``Spy/calls`` reads
  /// `[refresh, open(id: 3)]`:
  ///
  /// ```swift
  /// #expect(String(reflecting: FileStoreSpy.Call.open(id: 3)) == "open(id: 3)")
  /// ```
  public var debugDescription: String { SpyName.caseDescription(of: self) }
}
