/// What a catalog checks a descriptor against at load.
public protocol EndpointDeclaration: Sendable {
    var name: String { get }
    var argumentCount: Int { get }
    var responseType: any (Decodable & Sendable).Type { get }
}
