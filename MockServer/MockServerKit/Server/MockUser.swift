import Foundation

/// A user for HTTP Basic, from configuration (init or users file), never from served fixtures.
public struct MockUser: Sendable, Equatable {
    public enum Role: String, Sendable {
        /// Reads and writes.
        case editor
        /// Reads; a write gets 403.
        case viewer
    }

    public var name: String
    /// Compared in constant time.
    public var password: String
    public var role: Role

    public init(name: String, password: String, role: Role) {
        self.name = name
        self.password = password
        self.role = role
    }

    /// `editor` and `viewer`, for demos only (published in MockServer/README.md).
    public static let demoUsers = [
        MockUser(name: "editor", password: "editor-demo-password", role: .editor),
        MockUser(name: "viewer", password: "viewer-demo-password", role: .viewer),
    ]

    /// Reads `{"users": [{"name": …, "password": …, "role": "editor" | "viewer"}]}`.
    public static func load(from url: URL) throws(MockServerError) -> [MockUser] {
        let object = try FixtureSet.readJSON(url)
        guard let items = (object as? [String: Any])?["users"] as? [[String: Any]] else {
            throw MockServerError("\(url.path): expected {\"users\": [{\"name\", \"password\", \"role\"}]}")
        }
        var users: [MockUser] = []
        for item in items {
            guard let name = item["name"] as? String, !name.contains(":"),
                let password = item["password"] as? String,
                let role = (item["role"] as? String).flatMap(Role.init(rawValue:))
            else {
                throw MockServerError(
                    "\(url.path): each user needs a name (without a colon), a password and a role "
                        + "(editor or viewer)")
            }
            users.append(MockUser(name: name, password: password, role: role))
        }
        return users
    }
}
