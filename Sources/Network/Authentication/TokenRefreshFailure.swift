/// Why `TokenProvider` could not get a token: the token endpoint's own `NetworkError`.
/// A box, not an `indirect` case, so `NetworkError` keeps a plain layout.
public struct TokenRefreshFailure: Sendable, Equatable, CustomStringConvertible {
    private final class Box: Sendable {
        let cause: NetworkError
        init(_ cause: NetworkError) { self.cause = cause }
    }

    private let box: Box

    /// The token endpoint's failure: `.unauthorized` for wrong credentials, a status, `.timedOut`…
    public var cause: NetworkError { box.cause }

    /// A failure caused by `cause`.
    public init(_ cause: NetworkError) {
        box = Box(cause)
    }

    /// Equal when the causes are.
    public static func == (left: TokenRefreshFailure, right: TokenRefreshFailure) -> Bool {
        left.cause == right.cause
    }

    /// The cause's own sentence.
    public var description: String { cause.description }
}
