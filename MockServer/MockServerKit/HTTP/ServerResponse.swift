/// A response from the application; the connection adds framing fields.
struct ServerResponse {
    var status: Int
    /// Fields besides `Date`, `Content-Length` and `Connection`.
    var fields: [HTTPField]
    /// Never sent for HEAD, 204 and 304.
    var body: [UInt8]
    var closesConnection = false
    /// Nil for the standard one.
    var reasonPhrase: String? = nil
}

extension ServerResponse {
    /// `body` already encoded.
    static func json(_ status: Int, _ body: [UInt8], extra: [HTTPField] = []) -> ServerResponse {
        ServerResponse(status: status, fields: [jsonContentType] + extra, body: body)
    }

    static let jsonContentType = HTTPField(name: "Content-Type", value: "application/json")
}
