import Domain

extension DomainError {
    /// So a test names the case without spelling a message it does not own.
    public var caseName: String {
        switch self {
        case .notFound: "notFound"
        case .unauthorized: "unauthorized"
        case .forbidden: "forbidden"
        case .conflict: "conflict"
        case .preconditionFailed: "preconditionFailed"
        case .invalid: "invalid"
        case .unavailable: "unavailable"
        case .badData: "badData"
        }
    }
}
