import Foundation

/// The one place a status becomes a success or a `NetworkError`, so a 500 never passes for data.
enum ResponseInterpreter {
    static let excerptLength = 512

    static func reply<Content: Decodable & Sendable>(
        to response: HTTPResponse, decoding: RequestDescriptor.ResponseDecoding, as type: Content.Type
    ) throws(NetworkError) -> Reply<Content> {
        let head = response.head
        let reply = { (outcome: Reply<Content>.Outcome) in
            Reply(outcome: outcome, status: head.status, headers: head.headers)
        }
        try check(head, bodyExcerpt: { excerpt(of: response.body) })
        if head.status == 304 { return reply(.notModified) }
        if head.status == 204 || head.status == 205 || response.body.isEmpty { return reply(.noContent) }
        switch decoding {
        case .ignored:
            return reply(.noContent)
        case .raw:
            guard let content = response.body as? Content else {
                throw .decoding(message: "the endpoint does not return Data", bodyExcerpt: "")
            }
            return reply(.content(content))
        case .serialized(let serializer):
            if let type = head.headers["Content-Type"], !accepts(type, as: serializer.contentType) {
                throw .unexpectedContentType(type, bodyExcerpt: excerpt(of: response.body, length: 200))
            }
            do {
                return reply(.content(try serializer.decode(Content.self, from: response.body)))
            } catch {
                throw .decoding(message: "\(error)", bodyExcerpt: excerpt(of: response.body))
            }
        }
    }

    /// Throws the error a status stands for; returns for 2xx and 304.
    static func check(_ head: HTTPResponseHead, bodyExcerpt: () -> String) throws(NetworkError) {
        switch head.status {
        case 200..<300, 304: return
        case 401: throw .unauthorized(realm: realm(in: head.headers["WWW-Authenticate"]))
        case 403: throw .forbidden
        default:
            throw .unacceptableStatus(code: head.status, headers: head.headers, bodyExcerpt: bodyExcerpt())
        }
    }

    static func excerpt(of body: Data, length: Int = excerptLength) -> String {
        let text = String(decoding: body.prefix(length), as: UTF8.self)
        return body.count > length ? text + "…" : text
    }

    /// `expected`, parameters ignored, or a structured suffix of it (`application/problem+json`).
    static func accepts(_ contentType: String, as expected: String) -> Bool {
        func mediaType(_ text: String) -> String {
            let type = text.split(separator: ";", maxSplits: 1).first ?? ""
            return type.trimmingCharacters(in: .whitespaces).lowercased()
        }
        let sent = mediaType(contentType)
        let wanted = mediaType(expected)
        if sent == wanted { return true }
        guard let slash = wanted.firstIndex(of: "/"), let sentSlash = sent.firstIndex(of: "/") else {
            return false
        }
        let suffix = "+" + wanted[wanted.index(after: slash)...]
        return sent[..<sentSlash] == wanted[..<slash] && sent.hasSuffix(suffix)
    }

    /// As in `Basic realm="heroes", charset="UTF-8"`.
    static func realm(in challenge: String?) -> String? {
        guard let challenge, let range = challenge.range(of: "realm=", options: .caseInsensitive) else {
            return nil
        }
        var rest = challenge[range.upperBound...]
        guard rest.first == "\"" else {
            return String(rest.prefix { $0 != "," && $0 != " " })
        }
        rest = rest.dropFirst()
        var realm = ""
        var escaped = false
        for character in rest {
            if escaped {
                realm.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return realm
            } else {
                realm.append(character)
            }
        }
        return nil
    }
}
