/// Everything that can go wrong in a use case; outer layers map their errors here case by case.
public enum DomainError: Error, Sendable, Hashable {
    /// The thing asked for does not exist; the text says what.
    case notFound(String)
    /// Writing needs credentials that were missing or wrong; `realm` is what the server named.
    case unauthorized(realm: String?)
    /// The credentials are valid but lack the role for this action.
    case forbidden
    /// The change clashes with another record; the text says how (such as a taken code name).
    case conflict(String)
    /// The record changed since it was read; read it again before writing.
    case preconditionFailed
    /// Some fields break the rules: field name → what is wrong with it.
    case invalid([Field: String])
    /// The server cannot be reached (offline, refused, timed out); the text says why.
    case unavailable(String)
    /// The server answered something that is not what the contract promises; the text says what.
    case badData(String)
}

extension DomainError: CustomStringConvertible {
    /// One line a person can read, with each invalid field named in a stable order.
    public var description: String {
        switch self {
        case .notFound(let what): "not found: \(what)"
        case .unauthorized(let realm): "unauthorized" + (realm.map { " (realm \"\($0)\")" } ?? "")
        case .forbidden: "forbidden: the user lacks the editor role"
        case .conflict(let why): "conflict: \(why)"
        case .preconditionFailed: "the hero changed since it was read; read it again and retry"
        case .invalid(let fields):
            "invalid: "
                + fields.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "; ")
        case .unavailable(let why): "unavailable: \(why)"
        case .badData(let what): "bad data from the server: \(what)"
        }
    }
}
