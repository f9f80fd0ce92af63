/// A request's method: the ones with meaning here, or any other token as sent
/// (case-sensitive, RFC 9110 §9.1).
enum HTTPMethod: Hashable, Sendable, CustomStringConvertible {
    case get, head, post, put, delete
    case other(String)

    init(_ token: String) {
        switch token {
        case "GET": self = .get
        case "HEAD": self = .head
        case "POST": self = .post
        case "PUT": self = .put
        case "DELETE": self = .delete
        default: self = .other(token)
        }
    }

    var description: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .other(let token): token
        }
    }
}
