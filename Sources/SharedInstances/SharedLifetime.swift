/// A lifetime that shared instances can be declared in, such as the user's session, and that
/// ends them all at once.
///
/// Some shared instances live as long as a state of the app rather than as long as the
/// process: the signed-in user, their cart, the caches filled for them. Declare their boxes in
/// one lifetime, and sign-out is one call: ``end(fileID:filePath:line:column:)`` resets every
/// box declared in it, so that the next read of each creates a fresh instance (or, for an
/// empty box, finds it empty) and nothing of the old session stays alive.
///
/// ```swift
/// enum Session {
///   static let lifetime = SharedLifetime("session")
///   static let currentUser = Resettable<User>.empty(in: lifetime)
///   static let cart = Resettable(in: lifetime) { Cart() }
///   static let avatars = Resettable(in: lifetime) { ImageCache(capacity: 50) }
/// }
///
/// func didSignIn(as user: User) {
///   Session.currentUser.set(user)
/// }
///
/// func didSignOut() {
///   Session.lifetime.end()   // user, cart and avatars are gone; the next read starts fresh
/// }
/// ```
///
/// ## Guarantees
///
/// - **Thread-safe.** Declare boxes and end the lifetime from any thread, at any time.
/// - **Every member, each linearizably.** Once `end()` returns, no read of a member returns an
///   instance created before the call, and the lifetime's boxes hold no reference to the
///   instances they dropped. A read that runs *during* `end()` gets either the old or a fresh
///   instance of each member: members are reset one after the other, in the order they were
///   declared, not as one snapshot.
/// - **Nothing kept alive.** A lifetime holds its boxes weakly: a box that is released (one made
///   in a test, say) leaves the lifetime.
///
/// ## Tests
///
/// Ending a lifetime is a change like ``Resettable/reset(fileID:filePath:line:column:)``:
/// inside a test marked `@Test(.isolatedShared)` it resets the test's own instances of the
/// members and leaves other tests, running in parallel, alone.
public final class SharedLifetime: Sendable, CustomStringConvertible {
  private let members = Protected<[_LifetimeMembership]>([])

  /// The name given at creation, for messages.
  ///
  /// ```swift
  /// print(Session.lifetime.name)   // "session"
  /// ```
  public let name: String

  /// Creates a lifetime with no members yet.
  ///
  /// Declare it where the boxes that belong to it are, as a `static let`, and declare each of
  /// them with ``Resettable/init(in:name:inTests:_:fileID:filePath:line:column:)`` or
  /// ``Resettable/empty(in:name:inTests:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// enum Session {
  ///   static let lifetime = SharedLifetime("session")
  /// }
  /// ```
  ///
  /// - Parameter name: A name for messages, such as `"session"`.
  public init(_ name: String = "lifetime") {
    self.name = name
  }

  /// Ends the lifetime: resets every box declared in it.
  ///
  /// Each member is reset as by ``Resettable/reset(fileID:filePath:line:column:)``: a box with a
  /// factory creates a fresh instance on its next read, an empty box is empty again, an
  /// override is dropped. The lifetime itself stays usable: members used after the end start
  /// fresh, and a later `end()` ends them again.
  ///
  /// ```swift
  /// func didSignOut() {
  ///   Session.lifetime.end()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  public func end(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let boxes = members.withLock { members in _liveBoxes(pruning: &members) }
    // No lock held: resetting releases instances, which runs their deinits; and dropping
    // `boxes`, which may be the last reference to a box.
    for box in boxes { box._endLifetime(at: location) }
  }

  /// `SharedLifetime("session")`.
  ///
  /// ```swift
  /// print(Session.lifetime)   // SharedLifetime("session")
  /// ```
  public var description: String { "SharedLifetime(\"\(name)\")" }

  /// Adds `box` to the members that `end()` resets. An existential, not a generic parameter:
  /// the core would carry an unspecialized copy of a generic one.
  @usableFromInline func add(_ box: any _LifetimeMember) {
    let live = members.withLock { members in
      let live = _liveBoxes(pruning: &members)
      members.append(_LifetimeMembership(box: box))
      return live
    }
    // Released here, after unlocking: one of these may be the last reference to its box.
    withExtendedLifetime(live) {}
  }
}

/// The members' boxes that are still alive, strongly, with the memberships of the others
/// removed. Call under the lifetime's lock, and drop the result after unlocking:
/// loading a weak reference makes a strong one, which is a box's last if another thread drops
/// its own meanwhile, and releasing it under the lock would run that box's deinit there, and
/// every instance's deinit with it (a `deinit` that touches this lifetime would deadlock). Each
/// strong reference made here is either in the result, released after unlocking, or of a box
/// already gone (nil).
/// Out of line: `add` and `end` share one copy.
@inline(never)
private func _liveBoxes(pruning members: inout [_LifetimeMembership]) -> [any _LifetimeMember] {
  var live: [any _LifetimeMember] = []
  live.reserveCapacity(members.count)
  members.removeAll { membership in
    guard let box = membership.box else { return true }
    live.append(box)
    return false
  }
  return live
}

/// A box that a lifetime can end.
@usableFromInline protocol _LifetimeMember: AnyObject {
  func _endLifetime(at location: _SourceLocation)
}

/// A weak reference from a lifetime to one of its boxes.
struct _LifetimeMembership: @unchecked Sendable {
  // @unchecked: the box is only used to reset it, and a box is safe to reset from any thread.
  weak var box: (any _LifetimeMember)?
}
