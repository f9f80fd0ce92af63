#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the mock server could not start or do as asked, in a sentence.
public struct MockServerError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Names the file, option or call.
    public let description: String
    /// The configuration is at fault (a bad mapping, say), not the system: exit 78, not 69.
    public let isConfiguration: Bool

    public init(_ description: String) {
        self.description = description
        isConfiguration = false
    }

    public init(configuration description: String) {
        self.description = description
        isConfiguration = true
    }

    init(posix what: String) {
        description = "\(what): \(String(cString: strerror(errno)))"
        isConfiguration = false
    }
}
