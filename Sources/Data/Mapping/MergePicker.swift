/// Decides one attribute's value when a record has an unsynced local edit and the server sends
/// a new version: Zeus's cherry picker, per attribute.
public struct MergePicker<Value: Sendable & Hashable>: Sendable {
    /// What a picker chose.
    public enum Pick: Sendable, Hashable {
        /// Take this value; `isConflict` when both sides changed it and one lost.
        case value(Value, isConflict: Bool)
        /// The two sides cannot be merged: the local edit stays unsynced.
        case unresolvable
    }

    private let body: @Sendable (_ stored: Value?, _ local: Value, _ incoming: Value) -> Pick

    /// A picker deciding from the stored value (what the edit started from, `nil` for a record
    /// created locally), the local edit's value and the incoming one.
    public init(_ pick: @escaping @Sendable (_ stored: Value?, _ local: Value, _ incoming: Value) -> Pick) {
        body = pick
    }

    /// The value to keep.
    public func pick(stored: Value?, local: Value, incoming: Value) -> Pick { body(stored, local, incoming) }

    /// The default: an attribute edited locally beats the incoming value, and is a conflict when
    /// the server changed it too; an untouched attribute takes the incoming value.
    public static var localEditWins: Self {
        Self { stored, local, incoming in
            guard local != stored else { return .value(incoming, isConflict: false) }
            let serverChanged = incoming != stored && incoming != local
            return .value(local, isConflict: serverChanged)
        }
    }

    /// The server's value always wins (for what only the server sets: versions, times).
    public static var incomingWins: Self { Self { _, _, incoming in .value(incoming, isConflict: false) } }

    /// Both sides changed it differently: refuse to merge, so a person decides.
    public static var refuseConflicts: Self {
        Self { stored, local, incoming in
            if local == stored || local == incoming { return .value(incoming, isConflict: false) }
            if incoming == stored { return .value(local, isConflict: false) }
            return .unresolvable
        }
    }
}
