import Synchronization
import Testing

/// The error a stub throws when it is called without being set up.
public struct UnimplementedCall: Error, CustomStringConvertible {
    /// The call that had no answer, such as `HeroRepository.hero(_:)`.
    public let name: String

    /// A one-line, readable form.
    public var description: String { "\(name) was called, but the test never set it up" }
}

/// One method of a fake: answers as the test says, or fails the test naming the call.
public final class AsyncStub<Input: Sendable, Output: Sendable>: Sendable {
    /// What the stub runs when called.
    public typealias Handler = @Sendable (Input) async throws -> Output

    private let name: String
    private let handler = Mutex<Handler?>(nil)

    /// A stub for the call called `name` in failure messages.
    public init(_ name: String) { self.name = name }

    /// Answers every call with `output`.
    public func returns(_ output: Output) { answers { _ in output } }

    /// Fails every call with `error`.
    public func fails(with error: any Error) { answers { _ in throw error } }

    /// Answers every call by running `body`.
    public func answers(_ body: @escaping Handler) { handler.withLock { $0 = body } }

    /// Runs the handler; with none set up, records a test failure naming the call and throws.
    public func callAsFunction(_ input: Input) async throws -> Output {
        guard let handler = handler.withLock({ $0 }) else { throw unimplemented(name) }
        return try await handler(input)
    }
}

/// One synchronous method of a fake: answers as the test says, or fails the test naming the call.
public final class SyncStub<Input: Sendable, Output: Sendable>: Sendable {
    /// What the stub runs when called.
    public typealias Handler = @Sendable (Input) throws -> Output

    private let name: String
    private let handler = Mutex<Handler?>(nil)

    /// A stub for the call called `name` in failure messages.
    public init(_ name: String) { self.name = name }

    /// Answers every call with `output`.
    public func returns(_ output: Output) { answers { _ in output } }

    /// Fails every call with `error`.
    public func fails(with error: any Error) { answers { _ in throw error } }

    /// Answers every call by running `body`.
    public func answers(_ body: @escaping Handler) { handler.withLock { $0 = body } }

    /// Whether a test set this stub up.
    public var isSetUp: Bool { handler.withLock { $0 != nil } }

    /// Runs the handler; with none set up, records a test failure naming the call and throws.
    public func callAsFunction(_ input: Input) throws -> Output {
        guard let handler = handler.withLock({ $0 }) else { throw unimplemented(name) }
        return try handler(input)
    }
}

/// Records the failure in the running test (so it fails even if the error is swallowed) and
/// returns the error to throw.
private func unimplemented(_ name: String) -> UnimplementedCall {
    let error = UnimplementedCall(name: name)
    Issue.record("\(error)")
    return error
}
