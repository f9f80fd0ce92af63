import Locking
import Testing

/// One method of a fake: answers as the test says, or fails the test naming the call.
public final class Stub<Input: Sendable, Output: Sendable>: Sendable {
    public typealias Handler = @Sendable (Input) throws -> Output
    /// May await (a delay, say); serves `async` callers only.
    public typealias AsyncHandler = @Sendable (Input) async throws -> Output

    private enum Answer {
        case immediate(Handler)
        case awaiting(AsyncHandler)
    }

    private let name: String
    private let sourceLocation: SourceLocation
    private let answer = Locked<Answer?>(nil)

    /// Failures name `name` and point at `sourceLocation`, the test.
    public init(_ name: String, sourceLocation: SourceLocation) {
        self.name = name
        self.sourceLocation = sourceLocation
    }

    public func returns(_ output: Output) { answers { _ in output } }

    public func fails(with error: any Error) { answers { _ in throw error } }

    public func answers(_ body: @escaping Handler) { answer.withLock { $0 = .immediate(body) } }

    public func answers(_ body: @escaping AsyncHandler) { answer.withLock { $0 = .awaiting(body) } }

    public var isSetUp: Bool { answer.withLock { $0 != nil } }

    /// With no answer set up, records a test failure naming the call and throws.
    public func callAsFunction(_ input: Input) async throws -> Output {
        switch answer.withLock({ $0 }) {
        case .immediate(let body): return try body(input)
        case .awaiting(let body): return try await body(input)
        case nil: throw unimplemented("\(name) was called, but the test never set it up")
        }
    }

    /// For a synchronous caller; with no answer, or one that awaits, a failure and a throw.
    public func callAsFunction(_ input: Input) throws -> Output {
        switch answer.withLock({ $0 }) {
        case .immediate(let body): return try body(input)
        case .awaiting:
            throw unimplemented("\(name) is synchronous, but the test gave it an answer that awaits")
        case nil: throw unimplemented("\(name) was called, but the test never set it up")
        }
    }

    /// At the fake's maker, so the test fails even if the error is swallowed.
    private func unimplemented(_ problem: String) -> UnimplementedCall {
        Issue.record("\(problem)", sourceLocation: sourceLocation)
        return UnimplementedCall(name: name, problem: problem)
    }
}
