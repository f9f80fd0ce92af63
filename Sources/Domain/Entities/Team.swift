/// A team that heroes belong to.
public struct Team: Sendable, Hashable, Identifiable {
    /// As the server spells it.
    public struct ID: Sendable, Hashable, Comparable, CustomStringConvertible {
        public let rawValue: String

        public init(_ rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public let id: ID
    public let name: String

    public init(id: ID, name: String) {
        self.id = id
        self.name = name
    }
}
