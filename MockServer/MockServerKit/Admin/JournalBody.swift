/// `GET /__admin/requests`: `{"items": [request, …], "last_sequence": N}`.
struct JournalBody: Encodable {
    private enum CodingKeys: String, CodingKey {
        case items
        case lastSequence = "last_sequence"
    }

    /// Credentials already redacted.
    struct Item: Encodable {
        private enum CodingKeys: String, CodingKey {
            case sequence, method, path, query, headers, body, status, fault
            case bodyBase64 = "body_base64"
            case bodyLength = "body_length"
            case receivedAt = "received_at"
        }

        struct Header: Encodable {
            let name: String
            let value: String
        }

        let request: RecordedRequest

        /// `query`, `body` (text, when UTF-8) and `fault` are null, not absent, so every item has
        /// the same keys.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(request.sequence, forKey: .sequence)
            try container.encode(request.method, forKey: .method)
            try container.encode(request.path, forKey: .path)
            try container.encode(request.query, forKey: .query)
            try container.encode(
                request.fields.map { Header(name: $0.name, value: $0.value) }, forKey: .headers)
            try container.encode(request.text, forKey: .body)
            try container.encode(request.body.base64EncodedString(), forKey: .bodyBase64)
            try container.encode(request.bodyLength, forKey: .bodyLength)
            try container.encode(request.status, forKey: .status)
            try container.encode(request.fault, forKey: .fault)
            try container.encode(WireTime.string(request.receivedAt), forKey: .receivedAt)
        }
    }

    /// Oldest first.
    let items: [Item]
    /// So the next poll asks for what comes after it.
    let lastSequence: Int
}
