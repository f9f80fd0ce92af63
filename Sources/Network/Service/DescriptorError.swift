import Foundation

/// Where a service plist is wrong (file, endpoint, key) and what is wrong there.
public struct DescriptorError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let endpoint: String?
    /// Such as `request.method`.
    public let key: String?
    public let problem: String

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
