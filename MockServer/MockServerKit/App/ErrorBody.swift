/// The contract's error body (docs/API.md): `{"error":{"code":…,"message":…,"fields":…}}`.
enum ErrorBody {
    static func code(for status: Int) -> String {
        switch status {
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not_found"
        case 409: "conflict"
        case 412: "precondition_failed"
        case 413: "payload_too_large"
        case 415: "unsupported_media_type"
        case 422: "validation_failed"
        case 503: "unavailable"
        case 500...: "internal"
        default: "bad_request"
        }
    }

    /// `fields` only for `validation_failed`.
    static func response(
        status: Int, message: String, fields: [(String, String)] = [], extra: [HTTPField] = []
    ) -> ServerResponse {
        // A repeated field keeps its first problem, as the validator reports the first.
        let problems = fields.isEmpty ? nil : Dictionary(fields, uniquingKeysWith: { first, _ in first })
        let body = Envelope(error: Detail(code: code(for: status), message: message, fields: problems))
        return ServerResponse(
            status: status, fields: [HTTPField(name: "Content-Type", value: "application/json")] + extra,
            body: WireJSON.encode(body))
    }

    private struct Envelope: Encodable {
        let error: Detail
    }

    /// Omits `fields` when nil: the contract has it for `validation_failed` only.
    private struct Detail: Encodable {
        let code: String
        let message: String
        let fields: [String: String]?
    }
}
