import Foundation

/// What the journal hides before an entry is shown: credentials in headers, secret-like query
/// parameters, and the headers `--redact-header` names.
extension Journal {
    /// Credentials replaced; Basic's user name kept.
    static func redacted(_ field: HTTPField, extra: Set<String> = []) -> HTTPField {
        let name = field.name.lowercased()
        let placeholder = "<redacted>"
        switch name {
        case "authorization", "proxy-authorization":
            let parts = field.value.split(separator: " ", maxSplits: 1)
            guard let scheme = parts.first else { return HTTPField(name: field.name, value: placeholder) }
            if scheme.lowercased() == "basic", parts.count == 2,
                let decoded = Data(base64Encoded: String(parts[1])).flatMap({
                    String(data: $0, encoding: .utf8)
                }),
                let colon = decoded.firstIndex(of: ":")
            {
                return HTTPField(name: field.name, value: "\(scheme) \(decoded[..<colon]):\(placeholder)")
            }
            return HTTPField(name: field.name, value: "\(scheme) \(placeholder)")
        case "cookie", "set-cookie":
            return HTTPField(name: field.name, value: placeholder)
        default:
            return isSecretName(name) || extra.contains(name)
                ? HTTPField(name: field.name, value: placeholder) : field
        }
    }

    /// Parts of lowercased names that carry a secret.
    private static let secretNameParts = [
        "password", "passwd", "auth", "session", "credential", "token", "secret", "api-key", "apikey",
        "api_key",
    ]

    static func isSecretName(_ name: String) -> Bool {
        secretNameParts.contains { name.contains($0) }
    }

    /// Values of secret-like parameters (`access_token=…`, `password=…`) replaced, the rest as sent.
    static func redactedQuery(_ query: Substring) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals]
            // Decoded as the server reads it, so `pass%77ord` is redacted too.
            let decoded = PercentDecoding.decode(name, plusIsSpace: true) ?? String(name)
            return isSecretName(decoded.lowercased()) ? "\(name)=<redacted>" : String(pair)
        }.joined(separator: "&")
    }
}
