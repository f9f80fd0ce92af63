/// What a client may show of a hero's secret identity.
public enum RealName: Sendable, Hashable {
    /// The clearance key opened it.
    case revealed(String)
    /// There is one, but no key, the wrong key, or a damaged seal.
    case classified
    /// No secret identity was ever recorded for this hero.
    case unrecorded
}
