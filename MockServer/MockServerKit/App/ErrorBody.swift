/// The error body of the API contract (docs/API.md): `{"error":{"code":…,"message":…,"fields":…}}`.
enum ErrorBody {
    /// The contract's error code for a status.
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

    /// A JSON error response; `fields` only for `validation_failed`.
    static func response(
        status: Int, message: String, fields: [(String, String)] = [], extra: [HTTPField] = []
    ) -> ServerResponse {
        var json = JSONWriter()
        json.raw("{")
        json.key("error")
        json.raw("{")
        json.key("code")
        json.string(code(for: status))
        json.raw(",")
        json.key("message")
        json.string(message)
        if !fields.isEmpty {
            json.raw(",")
            json.key("fields")
            json.raw("{")
            for (index, (name, problem)) in fields.enumerated() {
                if index > 0 { json.raw(",") }
                json.string(name)
                json.raw(":")
                json.string(problem)
            }
            json.raw("}")
        }
        json.raw("}}")
        return ServerResponse(
            status: status, fields: [HTTPField(name: "Content-Type", value: "application/json")] + extra,
            body: json.bytes)
    }
}
