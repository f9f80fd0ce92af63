/// What a client may show of a hero's secret identity.
public enum RealName: Sendable, Hashable {
    case revealed(String)
    /// There is one, but no key, the wrong key, or a damaged seal.
    case classified
    /// None was ever recorded.
    case unrecorded
}
