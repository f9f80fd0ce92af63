/// What can go wrong in a use case; outer layers map their errors here case by case.
public enum DomainError: Error, Sendable, Hashable {
    /// The text says what.
    case notFound(String)
    /// Writing needs credentials that were missing or wrong; `realm` is the server's.
    case unauthorized(realm: String?)
    /// Valid credentials, lacking the role for this action.
    case forbidden
    /// Clashes with another record; the text says how (such as a taken code name).
    case conflict(String)
    /// The record changed since it was read; read it again before writing.
    case preconditionFailed
    /// Field → what is wrong with it.
    case invalid([Field: String])
    /// Offline, refused, timed out; the text says why.
    case unavailable(String)
    /// The server broke the contract; the text says how.
    case badData(String)
}

extension DomainError: CustomStringConvertible {
    /// Invalid fields are named in a stable order.
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
