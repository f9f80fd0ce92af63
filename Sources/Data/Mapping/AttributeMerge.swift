/// What merging one attribute gave.
public enum AttributeMerge: Sendable {
    /// Keep `value`; `conflict` holds both sides when one lost.
    case value(any Sendable, conflict: (local: String, incoming: String)?)
    /// The sides cannot be merged; both as text.
    case unresolvable(local: String, incoming: String)
}
