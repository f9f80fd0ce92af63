/// What a catalog needs to know about an endpoint to check its descriptor at load.
public protocol EndpointDeclaration: Sendable {
    /// The descriptor's key in the service plist.
    var name: String { get }
    /// How many arguments a call passes.
    var argumentCount: Int { get }
    /// The type a successful call decodes.
    var responseType: any (Decodable & Sendable).Type { get }
}
