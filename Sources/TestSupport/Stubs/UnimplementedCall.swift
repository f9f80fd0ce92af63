/// The error a stub throws when it is called without a usable answer.
public struct UnimplementedCall: Error, CustomStringConvertible {
    /// The call that had no answer, such as `HeroRepository.hero(_:)`.
    public let name: String
    /// What was missing.
    public let problem: String

    /// The error for `name`; by default, that the test never set the call up.
    public init(name: String, problem: String? = nil) {
        self.name = name
        self.problem = problem ?? "\(name) was called, but the test never set it up"
    }

    /// A one-line, readable form.
    public var description: String { problem }
}
