/// A typed handle on one descriptor; `Response` is a registered model, `Data` or `NoContent`.
public struct Endpoint<Response: Decodable & Sendable>: EndpointDeclaration, Hashable {
    /// The descriptor's key in the service plist.
    public let name: String
    /// Placeholders may use `%0` up to `%(argumentCount - 1)`.
    public let argumentCount: Int

    public init(_ name: String, arguments: Int = 0) {
        self.name = name
        self.argumentCount = arguments
    }

    /// For checking the descriptor's serialization at load.
    public var responseType: any (Decodable & Sendable).Type { Response.self }
}
