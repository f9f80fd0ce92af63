import Domain
import Foundation
import Network

/// Maps each `NetworkError` to the `DomainError` it means, reading the contract's error body.
enum DomainErrorMapping {
    /// Unknown field names go under `request`.
    static let fieldNames: [String: Field] = [
        "code_name": .codeName, "team_id": .teamID, "encrypted_real_name": .realName,
    ]

    static func mappingErrors<Value>(notFound: String, _ body: () async throws -> Value) async throws -> Value
    {
        do {
            return try await body()
        } catch let error as NetworkError {
            throw domainError(for: error, notFound: notFound)
        }
    }

    static func domainError(for error: NetworkError, notFound: String) -> Error {
        switch error {
        case .cancelled:
            return CancellationError()
        case .unauthorized(let realm):
            return DomainError.unauthorized(realm: realm)
        case .forbidden:
            return DomainError.forbidden
        case .timedOut:
            return DomainError.unavailable("the server did not answer in time")
        case .transport(_, let message) where error.isMalformedAnswer:
            return DomainError.badData(message)
        case .transport(_, let message):
            return DomainError.unavailable(message)
        case .decoding(let message, _):
            return DomainError.badData("the answer does not decode: \(message)")
        case .invalidDescriptor(let problem):
            return DomainError.badData("the service description is wrong: \(problem)")
        case .encoding(let message):
            return DomainError.invalid([.request: message])
        case .responseTooLarge(let limit):
            return DomainError.badData("the answer is larger than the limit of \(limit) bytes")
        case .tooManyRedirects:
            return DomainError.badData("the server redirected too many times")
        case .incompleteBody(let expected, let received):
            return DomainError.badData("the answer ended after \(received) of \(expected) bytes")
        case .unexpectedContentType(let type, _):
            return DomainError.badData("the answer is \(type), not the expected format")
        case .unacceptableStatus(let code, _, let excerpt):
            return statusError(code, excerpt: excerpt, notFound: notFound)
        case .tokenRefreshFailed(let failure):
            // Bad credentials are unauthorized, and so on.
            return domainError(for: failure.cause, notFound: "the access token")
        }
    }

    private static func statusError(_ code: Int, excerpt: String, notFound: String) -> DomainError {
        let body = try? JSONValue.parse(Data(excerpt.utf8))
        let message: String? = if case .string(let text)? = body?[path: "error.message"] { text } else { nil }
        switch code {
        case 404: return .notFound(notFound)
        case 409: return .conflict(message ?? "the change clashes with another hero")
        case 412: return .preconditionFailed
        case 422:
            var named: [Field: String] = [:]
            if case .object(let fields)? = body?[path: "error.fields"] {
                for (key, value) in fields {
                    guard case .string(let problem) = value else { continue }
                    if let field = fieldNames[key] ?? Field(rawValue: key) {
                        named[field] = named[field] ?? problem
                    } else {
                        named[.request] = named[.request] ?? "\(key) \(problem)"
                    }
                }
            }
            return .invalid(named.isEmpty ? [.request: message ?? "was refused as invalid"] : named)
        case 400, 413, 415: return .invalid([.request: message ?? "was refused with status \(code)"])
        // Our own request was too large (a very long password, say).
        case 431:
            return .invalid([
                .request: "has header fields too large for the server (431); is a credential very long?"
            ])
        case 300...399:
            return .badData("the server redirected (\(code)) where a client of it does not follow")
        case 500...599: return .unavailable("the server answered \(code)" + (message.map { ": \($0)" } ?? ""))
        // Still limited after the retries: busy, not wrong.
        case 429:
            return .unavailable("the server is limiting requests (429)" + (message.map { ": \($0)" } ?? ""))
        default: return .badData("unexpected status \(code)" + (message.map { ": \($0)" } ?? ""))
        }
    }
}
