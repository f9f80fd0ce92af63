/// A team that heroes belong to.
public struct Team: Sendable, Hashable, Identifiable {
    /// A team's identifier, as the server spells it.
    public struct ID: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The identifier as the server spells it.
        public let rawValue: String

        /// Wraps a team identifier.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// A one-line, readable form.
        public var description: String { rawValue }

        /// Orders by the raw identifier.
        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The identifier.
    public let id: ID
    /// The display name.
    public let name: String

    /// Stores the values as given.
    public init(id: ID, name: String) {
        self.id = id
        self.name = name
    }
}
