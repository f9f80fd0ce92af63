import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Any change to the request, run on every attempt: a token in the query, a signature.
public struct RequestModification: AuthenticationProvider {
    private let modify: @Sendable (inout URLRequest) async throws -> Void

    public init(_ modify: @escaping @Sendable (inout URLRequest) async throws -> Void) {
        self.modify = modify
    }

    /// Appends `name=value` (such as `api_key=…`) to the query.
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

    public func authenticate(_ request: inout URLRequest) async throws {
        try await modify(&request)
    }
}
