import Locking
import Testing

/// One method of a fake: answers as the test says, or fails the test naming the call. An
/// answer that awaits serves `async` callers only.
public final class Stub<Input: Sendable, Output: Sendable>: Sendable {
    /// An answer that returns or throws at once.
    public typealias Handler = @Sendable (Input) throws -> Output
    /// An answer that may await (a delay, say).
    public typealias AsyncHandler = @Sendable (Input) async throws -> Output

    private enum Answer {
        case immediate(Handler)
        case awaiting(AsyncHandler)
    }

    private let name: String
    private let sourceLocation: SourceLocation
    private let answer = Locked<Answer?>(nil)

    /// A stub named `name` in failures, which point at `sourceLocation`, the test.
    public init(_ name: String, sourceLocation: SourceLocation) {
        self.name = name
        self.sourceLocation = sourceLocation
    }

    /// Answers every call with `output`.
    public func returns(_ output: Output) { answers { _ in output } }

    /// Fails every call with `error`.
    public func fails(with error: any Error) { answers { _ in throw error } }

    /// Answers every call by running `body`.
    public func answers(_ body: @escaping Handler) { answer.withLock { $0 = .immediate(body) } }

    /// Answers every call by running `body`, which may await; only `async` callers can use it.
    public func answers(_ body: @escaping AsyncHandler) { answer.withLock { $0 = .awaiting(body) } }

    /// Whether a test set this stub up.
    public var isSetUp: Bool { answer.withLock { $0 != nil } }

    /// Runs the answer; with none set up, records a test failure naming the call and throws.
    public func callAsFunction(_ input: Input) async throws -> Output {
        switch answer.withLock({ $0 }) {
        case .immediate(let body): return try body(input)
        case .awaiting(let body): return try await body(input)
        case nil: throw unimplemented("\(name) was called, but the test never set it up")
        }
    }

    /// The answer for a synchronous caller; with none (or one that awaits) a failure and a throw.
    public func callAsFunction(_ input: Input) throws -> Output {
        switch answer.withLock({ $0 }) {
        case .immediate(let body): return try body(input)
        case .awaiting:
            throw unimplemented("\(name) is synchronous, but the test gave it an answer that awaits")
        case nil: throw unimplemented("\(name) was called, but the test never set it up")
        }
    }

    /// Records the failure at the fake's maker, so it fails even if the error is swallowed.
    private func unimplemented(_ problem: String) -> UnimplementedCall {
        Issue.record("\(problem)", sourceLocation: sourceLocation)
        return UnimplementedCall(name: name, problem: problem)
    }
}
