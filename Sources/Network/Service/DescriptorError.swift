import Foundation

/// Where a service plist is wrong: the file, the endpoint and the key, and what is wrong there.
public struct DescriptorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The plist's file name, such as `HeroService.plist`.
    public let file: String
    /// The endpoint (the plist's top-level key), when the problem belongs to one.
    public let endpoint: String?
    /// The key path inside the endpoint, such as `request.method`, when the problem belongs to one.
    public let key: String?
    /// What is wrong, in words.
    public let problem: String

    /// Makes an error for `problem` at `file` / `endpoint` / `key`.
    public init(file: String, endpoint: String?, key: String?, problem: String) {
        self.file = file
        self.endpoint = endpoint
        self.key = key
        self.problem = problem
    }

    /// `HeroService.plist: endpoint 'hero', key 'request.method': 'FETCH' is not an HTTP method`.
    public var description: String {
        var location = file
        if let endpoint { location += ": endpoint '\(endpoint)'" }
        if let key { location += (endpoint == nil ? ": " : ", ") + "key '\(key)'" }
        return "\(location): \(problem)"
    }
}
