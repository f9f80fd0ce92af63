/// A response from the application; the connection adds framing fields.
struct ServerResponse {
    var status: Int {
        didSet { prebuilt = nil }
    }
    /// Fields besides `Date`, `Content-Length` and `Connection`.
    var fields: [HTTPField] {
        didSet { prebuilt = nil }
    }
    /// Never sent for HEAD, 204 and 304.
    var body: [UInt8] {
        didSet { prebuilt = nil }
    }
    var closesConnection = false
    /// Nil for the standard one.
    var reasonPhrase: String? = nil {
        didSet { prebuilt = nil }
    }
    /// This response made in advance (a cached body's); any change to what it sends drops it.
    var prebuilt: PrebuiltResponse? = nil
}

extension ServerResponse {
    /// `body` already encoded.
    static func json(_ status: Int, _ body: [UInt8], extra: [HTTPField] = []) -> ServerResponse {
        ServerResponse(status: status, fields: [jsonContentType] + extra, body: body)
    }

    static let jsonContentType = HTTPField(name: "Content-Type", value: "application/json")
}
