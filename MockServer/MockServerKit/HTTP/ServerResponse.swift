/// A response from the application; the connection adds framing fields.
struct ServerResponse {
    var status: Int
    /// Fields besides `Date`, `Content-Length` and `Connection`.
    var fields: [HTTPField] {
        didSet { encodedFields = nil }
    }
    /// Never sent for HEAD, 204 and 304.
    var body: [UInt8]
    var closesConnection = false
    /// Nil for the standard one.
    var reasonPhrase: String? = nil
    /// `fields` on the wire, when made in advance (a cached body's); any change to `fields`
    /// drops it.
    var encodedFields: [UInt8]? = nil
}

extension ServerResponse {
    /// `body` already encoded.
    static func json(_ status: Int, _ body: [UInt8], extra: [HTTPField] = []) -> ServerResponse {
        ServerResponse(status: status, fields: [jsonContentType] + extra, body: body)
    }

    static let jsonContentType = HTTPField(name: "Content-Type", value: "application/json")
}
