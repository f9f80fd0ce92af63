/// The serializers, model types and providers a service plist may name; nothing unregistered.
public struct DescriptorRegistry: Sendable {
    /// A registered model: its type, for the load-time check against an endpoint's response.
    struct Model: Sendable {
        let type: any (Decodable & Sendable).Type
        var identifier: ObjectIdentifier { ObjectIdentifier(type) }
    }

    /// The `auth` value that turns the service's provider off for one endpoint.
    public static let noAuthentication = "none"

    private(set) var serializers: [String: any Serializer]
    private(set) var models: [String: Model] = [:]
    private(set) var authenticationProviders: [String: any AuthenticationProvider] = [:]
    /// Encodes `Encodable` bodies and `%N[key]` arguments of descriptors without a serialization.
    public var defaultSerializer: any Serializer

    /// A registry that knows `JSONSerializer` (a `JSONSerializer()` with keys as written) only.
    public init(defaultSerializer: any Serializer = JSONSerializer()) {
        self.defaultSerializer = defaultSerializer
        serializers = ["JSONSerializer": JSONSerializer()]
    }

    /// Makes `serializer` available as `serialization.serializer` = `name`.
    public mutating func register(serializer: any Serializer, as name: String) {
        serializers[name] = serializer
    }

    /// Makes `type` available as `serialization.serializedObject` = `name`.
    public mutating func register<Model: Decodable & Sendable>(model type: Model.Type, as name: String) {
        models[name] = DescriptorRegistry.Model(type: type)
    }

    /// Makes `provider` available as `request.auth` = `name`.
    public mutating func register(authentication provider: any AuthenticationProvider, as name: String) {
        authenticationProviders[name] = provider
    }
}
