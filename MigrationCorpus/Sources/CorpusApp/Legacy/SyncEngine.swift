// A file checked out with Windows line breaks (CRLF) and indented with four spaces, as
// Xcode writes by default: the migration keeps both.
import Foundation

/// The engine that merges local and remote changes.
public final class SyncEngine: @unchecked Sendable {
    // @unchecked: `pending` is only touched on the merge actor.
    public static let shared = SyncEngine()
    var pending: [String] = []

    @MergeActor
    public func merge(_ change: String) {
        pending.append(change)
    }
}

/// Every merge runs on this one actor: its instance is its identity, so it is never boxed.
@globalActor
public actor MergeActor {
    public static let shared = MergeActor()
}

/// A lock that guards the on-disk journal: code holding it relies on there being one.
enum Journal {
    static let lock = NSLock()
}
