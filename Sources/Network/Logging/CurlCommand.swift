import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Redaction {
    /// A `curl` command repeating `request`, credentials replaced.
    public func curlCommand(for request: URLRequest) -> String {
        var words = ["curl"]
        let method = request.httpMethod ?? "GET"
        if method != "GET" { words += ["-X", method] }
        words.append(Self.quoted(request.url.map(url) ?? ""))
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted {
            $0.key.lowercased() < $1.key.lowercased()
        }
        for (name, value) in headers {
            words += ["-H", Self.quoted("\(name): \(hidesHeader(name) ? Self.placeholder : value)")]
        }
        if let body = request.httpBody, !body.isEmpty {
            words += ["--data-binary", Self.quoted(self.body(body))]
        }
        return words.joined(separator: " ")
    }

    /// Single-quoted for a POSIX shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
