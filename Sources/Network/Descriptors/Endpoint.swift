/// A typed handle on one descriptor: its name, its argument count, and what it returns
/// (a registered model, `Data` for the raw body, or `NoContent`).
public struct Endpoint<Response: Decodable & Sendable>: EndpointDeclaration, Hashable {
    /// The descriptor's key in the service plist.
    public let name: String
    /// How many arguments a call passes; placeholders may use `%0` up to `%(argumentCount - 1)`.
    public let argumentCount: Int

    /// The endpoint described under `name`, called with `arguments` arguments.
    public init(_ name: String, arguments: Int = 0) {
        self.name = name
        self.argumentCount = arguments
    }

    /// `Response`, for checking the descriptor's serialization at load.
    public var responseType: any (Decodable & Sendable).Type { Response.self }
}
