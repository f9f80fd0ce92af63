import Foundation

/// HTTP Basic authentication (RFC 7617) against the configured users, in constant time.
struct Authenticator: Sendable {
    /// The outcome for a write.
    enum Decision: Equatable {
        /// An editor: the write may proceed.
        case allowed
        /// 401, with a sentence for the error body.
        case unauthorized(String)
        /// 403: a valid user without the editor role.
        case forbidden
    }

    private let users: [(name: [UInt8], password: [UInt8], role: MockUser.Role)]

    /// Makes an authenticator for a list of users.
    init(users: [MockUser]) {
        self.users = users.map { (Array($0.name.utf8), Array($0.password.utf8), $0.role) }
    }

    /// Decides whether the `Authorization` field allows a write.
    func authorizeWrite(_ authorization: String?) -> Decision {
        guard let authorization else { return .unauthorized("credentials are required") }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = Data(base64Encoded: String(parts[1].trimmingWhitespace())),
            let colon = decoded.firstIndex(of: UInt8(ascii: ":"))
        else { return .unauthorized("the credentials are not valid HTTP Basic") }
        let name = Array(decoded[decoded.startIndex..<colon])
        let password = Array(decoded[(colon + 1)...])
        // Every user is compared, each in constant time, so timing tells nothing about names or passwords.
        var role: MockUser.Role?
        for user in users {
            let nameMatches = Self.constantTimeEqual(name, user.name)
            let passwordMatches = Self.constantTimeEqual(password, user.password)
            if nameMatches && passwordMatches { role = user.role }
        }
        switch role {
        case .editor: return .allowed
        case .viewer: return .forbidden
        case nil: return .unauthorized("the user name or password is wrong")
        }
    }

    /// Compares in time that depends only on the length of `expected`.
    static func constantTimeEqual(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in 0..<expected.count {
            let byte = given.isEmpty ? 0 : given[index % given.count]
            difference |= byte ^ expected[index]
        }
        return difference == 0
    }
}
