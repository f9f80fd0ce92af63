/// The response type of an endpoint whose body, if any, is not read (a DELETE answering 204).
public struct NoContent: Decodable, Sendable, Equatable {
    /// The one value.
    public init() {}
}
