/// The token endpoint's own `NetworkError`, boxed so `NetworkError` keeps a plain layout (no `indirect`).
public struct TokenRefreshFailure: Sendable, Equatable, CustomStringConvertible {
    private final class Box: Sendable {
        let cause: NetworkError
        init(_ cause: NetworkError) { self.cause = cause }
    }

    private let box: Box

    /// `.unauthorized` for wrong credentials, a status, `.timedOut`…
    public var cause: NetworkError { box.cause }

    public init(_ cause: NetworkError) {
        box = Box(cause)
    }

    public static func == (left: TokenRefreshFailure, right: TokenRefreshFailure) -> Bool {
        left.cause == right.cause
    }

    public var description: String { cause.description }
}
