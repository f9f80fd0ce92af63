/// A response the application produced; the connection adds framing fields when it encodes it.
struct ServerResponse {
    /// The status code.
    var status: Int
    /// Header fields besides `Date`, `Content-Length` and `Connection`.
    var fields: [HTTPField]
    /// The body (never sent for HEAD, 204 and 304).
    var body: [UInt8]
    /// Whether the connection must be closed after this response.
    var closesConnection = false
    /// The reason phrase of the status line; nil for the standard one.
    var reasonPhrase: String? = nil
}

extension ServerResponse {
    /// A JSON response with `body` as it is (already encoded), for success answers.
    static func json(_ status: Int, _ body: [UInt8], extra: [HTTPField] = []) -> ServerResponse {
        ServerResponse(status: status, fields: [jsonContentType] + extra, body: body)
    }

    /// `Content-Type: application/json`.
    static let jsonContentType = HTTPField(name: "Content-Type", value: "application/json")
}
