/// What a stub throws when called without a usable answer.
public struct UnimplementedCall: Error, CustomStringConvertible {
    /// Such as `HeroRepository.hero(_:)`.
    public let name: String
    public let problem: String

    /// `problem` defaults to: the test never set the call up.
    public init(name: String, problem: String? = nil) {
        self.name = name
        self.problem = problem ?? "\(name) was called, but the test never set it up"
    }

    public var description: String { problem }
}
