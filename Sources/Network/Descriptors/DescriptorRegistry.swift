/// The serializers, model types and providers a service plist may name; nothing else.
public struct DescriptorRegistry: Sendable {
    /// Its type, for the load-time check against an endpoint's response.
    struct Model: Sendable {
        let type: any (Decodable & Sendable).Type
        var identifier: ObjectIdentifier { ObjectIdentifier(type) }
    }

    /// The `auth` value that turns the service's provider off for one endpoint.
    public static let noAuthentication = "none"

    private(set) var serializers: [String: any Serializer]
    private(set) var models: [String: Model] = [:]
    private(set) var authenticationProviders: [String: any AuthenticationProvider] = [:]
    /// For `Encodable` bodies and `%N[key]` arguments of descriptors naming no serializer.
    public var defaultSerializer: any Serializer

    /// Knows only `JSONSerializer` (keys as written).
    public init(defaultSerializer: any Serializer = JSONSerializer()) {
        self.defaultSerializer = defaultSerializer
        serializers = ["JSONSerializer": JSONSerializer()]
    }

    public mutating func register(serializer: any Serializer, as name: String) {
        serializers[name] = serializer
    }

    public mutating func register<Model: Decodable & Sendable>(model type: Model.Type, as name: String) {
        models[name] = DescriptorRegistry.Model(type: type)
    }

    public mutating func register(authentication provider: any AuthenticationProvider, as name: String) {
        authenticationProviders[name] = provider
    }
}
