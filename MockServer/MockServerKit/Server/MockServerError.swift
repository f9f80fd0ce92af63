#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the mock server could not start or do what it was asked: a sentence naming the cause.
public struct MockServerError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, naming the file, option or call.
    public let description: String
    /// Whether the configuration is at fault (a bad stub mapping, say), not the system: the
    /// executable exits 78 (EX_CONFIG) for it rather than 69.
    public let isConfiguration: Bool

    /// Makes an error from a sentence.
    public init(_ description: String) {
        self.description = description
        isConfiguration = false
    }

    /// Makes a configuration error from a sentence.
    public init(configuration description: String) {
        self.description = description
        isConfiguration = true
    }

    /// Makes an error from a failed POSIX call and the current `errno`.
    init(posix what: String) {
        description = "\(what): \(String(cString: strerror(errno)))"
        isConfiguration = false
    }
}
