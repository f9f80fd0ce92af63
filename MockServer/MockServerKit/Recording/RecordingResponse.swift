import Foundation

/// A recorded answer, headers cleaned as WireMock's recorder does; equal answers are equal.
struct RecordingResponse: Sendable, Equatable {
    let status: Int
    /// In order, names in their first spelling.
    let headers: [HTTPField]
    let body: [UInt8]
    let media: RecordedMediaType

    /// Never written: framing the server derives, hop-by-hop fields, what the recorder decoded,
    /// and cookies it sets.
    static let droppedHeaders: Set<String> = [
        "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection", "te",
        "trailer", "trailers", "transfer-encoding", "upgrade", "content-length", "content-encoding", "date",
        "set-cookie",
    ]

    /// Names the secret rule would drop that carry no secret.
    static let challenges: Set<String> = ["www-authenticate", "proxy-authenticate", "authentication-info"]

    init(_ exchange: RecordedExchange, redacting redacted: Set<String>) {
        status = exchange.status
        body = exchange.responseBody
        media = RecordedMediaType(contentType: exchange.responseHeader("content-type"))
        // Fields a Connection header names are hop-by-hop too (RFC 9110 §7.6.1).
        let named = exchange.responseHeaders.filter { $0.name.lowercased() == "connection" }
            .flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingWhitespace().lowercased() }
        headers = exchange.responseHeaders.compactMap { field in
            let name = field.name.lowercased()
            // A secret-like name (`X-Auth-Token`, `X-Api-Key`: the journal's rule) is no answer to
            // keep; a challenge (`WWW-Authenticate`) is not a secret.
            let isSecret = Journal.isSecretName(name) && !Self.challenges.contains(name)
            guard !Self.droppedHeaders.contains(name), !redacted.contains(name), !named.contains(name),
                !isSecret,
                !field.name.isEmpty, field.name.utf8.allSatisfy(ByteClass.isToken),
                !field.value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" })
            else { return nil }
            return HTTPField(name: field.name, value: field.value)
        }
    }

    /// The stub's `response`; `bodyFile` names the body's file when it is kept in `__files/`.
    func json(bodyFile: String?) -> StubJSON {
        var response: [String: StubJSON] = ["status": .integer(status)]
        var grouped: [(name: String, values: [String])] = []
        for field in headers {
            if let index = grouped.firstIndex(where: { $0.name.lowercased() == field.name.lowercased() }) {
                grouped[index].values.append(field.value)
            } else {
                grouped.append((field.name, [field.value]))
            }
        }
        if !grouped.isEmpty {
            response["headers"] = .object(
                Dictionary(
                    grouped.map {
                        (
                            $0.name,
                            $0.values.count == 1
                                ? .string($0.values[0]) : .array($0.values.map(StubJSON.string))
                        )
                    },
                    uniquingKeysWith: { first, _ in first }))
        }
        if let bodyFile {
            response["bodyFileName"] = .string(bodyFile)
        } else if let text = media.text(of: body) {
            if !body.isEmpty { response["body"] = .string(text) }
        } else {
            response["base64Body"] = .string(Data(body).base64EncodedString())
        }
        return .object(response)
    }

    /// Whether the body goes to `__files/` under `spec`.
    func extractsBody(_ spec: RecordSpec) -> Bool {
        guard spec.persist, !body.isEmpty else { return false }
        return media.text(of: body) == nil
            ? body.count > spec.extractBinaryThreshold : body.count > spec.extractBodyThreshold
    }
}
