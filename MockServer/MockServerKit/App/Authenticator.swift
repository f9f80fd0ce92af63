import Foundation

/// HTTP Basic (RFC 7617) against the configured users in constant time, or a bearer token
/// (RFC 6750) from `POST /v1/token`.
struct Authenticator: Sendable {
    enum Decision: Equatable {
        /// An editor: proceed.
        case allowed
        /// 401, with a sentence for the error body.
        case unauthorized(String)
        /// 401 for an expired or unknown bearer token (`error="invalid_token"`).
        case invalidToken
        /// 403: a valid user without the editor role.
        case forbidden
    }

    private let users: [(name: [UInt8], password: [UInt8], role: MockUser.Role)]
    let tokens: TokenIssuer

    init(users: [MockUser], tokenLifetime: Duration = .seconds(3600)) {
        self.users = users.map { (Array($0.name.utf8), Array($0.password.utf8), $0.role) }
        tokens = TokenIssuer(lifetime: tokenLifetime)
    }

    func authorizeWrite(_ authorization: String?) -> Decision {
        guard let authorization else { return .unauthorized("credentials are required") }
        if let token = Self.bearerToken(in: authorization) {
            return decision(for: tokens.role(for: token), whenUnknown: .invalidToken)
        }
        switch basicRole(authorization) {
        case .user(let role):
            return decision(for: role, whenUnknown: .unauthorized("the user name or password is wrong"))
        case .notBasic: return .unauthorized("the credentials are not valid HTTP Basic")
        }
    }

    /// What an `Authorization` field holds as HTTP Basic.
    enum BasicCredentials: Equatable {
        /// The user's role; nil for a wrong name or password.
        case user(MockUser.Role?)
        /// Not Basic, or malformed.
        case notBasic
    }

    func basicRole(_ authorization: String) -> BasicCredentials {
        guard let found = basicUser(authorization) else { return .notBasic }
        return .user(found?.role)
    }

    /// The user these Basic credentials name: nil when not Basic, `.some(nil)` for a wrong
    /// name or password.
    func basicUser(_ authorization: String) -> (name: String, role: MockUser.Role)?? {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = Data(base64Encoded: String(parts[1].trimmingWhitespace())),
            let colon = decoded.firstIndex(of: UInt8(ascii: ":"))
        else { return nil }
        let name = Array(decoded[decoded.startIndex..<colon])
        let password = Array(decoded[(colon + 1)...])
        // Every user is compared in constant time, so timing reveals no name or password.
        var found: (name: String, role: MockUser.Role)?
        for user in users {
            let nameMatches = Self.constantTimeEqual(name, user.name)
            let passwordMatches = Self.constantTimeEqual(password, user.password)
            if nameMatches && passwordMatches {
                found = (String(decoding: user.name, as: UTF8.self), user.role)
            }
        }
        return .some(found)
    }

    private func decision(for role: MockUser.Role?, whenUnknown refusal: Decision) -> Decision {
        switch role {
        case .editor: .allowed
        case .viewer: .forbidden
        case nil: refusal
        }
    }

    /// The token of `Authorization: Bearer …`, else nil. The scheme is case-insensitive
    /// (RFC 9110 §11.1).
    static func bearerToken(in authorization: String?) -> String? {
        guard let authorization else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingWhitespace()
        return token.isEmpty ? nil : String(token)
    }

    /// Takes time depending only on `expected`'s length.
    static func constantTimeEqual(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in 0..<expected.count {
            let byte = given.isEmpty ? 0 : given[index % given.count]
            difference |= byte ^ expected[index]
        }
        return difference == 0
    }
}
