/// What a client may show of a hero's secret identity.
public enum RealName: Sendable, Hashable {
    /// The clearance key opened it.
    case revealed(String)
    /// There is a secret identity, but no key, the wrong key, or a sealed form too damaged to
    /// open: show it as classified.
    case classified
    /// No secret identity was ever recorded for this hero.
    case unrecorded
}
