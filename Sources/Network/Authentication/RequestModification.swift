import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Any change to the request: a token in the query, a signature of method, URL and body.
public struct RequestModification: AuthenticationProvider {
    private let modify: @Sendable (inout URLRequest) async throws -> Void

    /// Runs `modify` on every attempt's request.
    public init(_ modify: @escaping @Sendable (inout URLRequest) async throws -> Void) {
        self.modify = modify
    }

    /// Adds `name=value` to the query, such as `api_key=…`, keeping the items already there.
    public static func queryItem(name: String, value: String) -> RequestModification {
        RequestModification { request in
            guard let url = request.url,
                var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { return }
            var items = components.percentEncodedQueryItems ?? []
            let allowed = CharacterSet(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
            items.append(
                URLQueryItem(
                    name: name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name,
                    value: value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
                )
            )
            components.percentEncodedQueryItems = items
            request.url = components.url ?? url
        }
    }

    /// Applies the modification.
    public func authenticate(_ request: inout URLRequest) async throws {
        try await modify(&request)
    }
}
