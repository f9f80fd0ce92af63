/// Decides an attribute's value when a local edit meets a new server version.
public struct MergePicker<Value: Sendable & Hashable>: Sendable {
    public enum Pick: Sendable, Hashable {
        /// Take this value; `isConflict` when both sides changed it.
        case value(Value, isConflict: Bool)
        /// Cannot merge: the local edit stays unsynced.
        case unresolvable
    }

    private let body: @Sendable (_ stored: Value?, _ local: Value, _ incoming: Value) -> Pick

    /// Takes the edit's base (`nil` if created locally), the local value and the incoming.
    public init(_ pick: @escaping @Sendable (_ stored: Value?, _ local: Value, _ incoming: Value) -> Pick) {
        body = pick
    }

    public func pick(stored: Value?, local: Value, incoming: Value) -> Pick { body(stored, local, incoming) }

    /// The default: a local edit wins (a conflict if the server changed it too).
    public static var localEditWins: Self {
        Self { stored, local, incoming in
            guard local != stored else { return .value(incoming, isConflict: false) }
            let serverChanged = incoming != stored && incoming != local
            return .value(local, isConflict: serverChanged)
        }
    }

    /// The server's value wins (for versions, times).
    public static var incomingWins: Self { Self { _, _, incoming in .value(incoming, isConflict: false) } }

    /// Refuses to merge two different changes, so a person decides.
    public static var refuseConflicts: Self {
        Self { stored, local, incoming in
            if local == stored || local == incoming { return .value(incoming, isConflict: false) }
            if incoming == stored { return .value(local, isConflict: false) }
            return .unresolvable
        }
    }
}
