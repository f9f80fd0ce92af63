/// The response type of an endpoint whose body is not read (a DELETE answering 204).
public struct NoContent: Decodable, Sendable, Equatable {
    public init() {}
}
