import Domain

extension DomainError {
    /// The case's name alone, its text left out, so a test can say which case it means
    /// (`#expect(error?.caseName == "unavailable")`) without spelling a message it does not own.
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
