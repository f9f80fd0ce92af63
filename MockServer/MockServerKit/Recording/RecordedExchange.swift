/// One request and the answer it got, as a recording keeps it.
struct RecordedExchange: Sendable {
    var method: String
    /// Path and query as the client sent them.
    var url: String
    /// In the order they came.
    var requestHeaders: [(name: String, value: String)]
    var requestBody: [UInt8]
    var status: Int
    var responseHeaders: [(name: String, value: String)]
    /// Already decoded (no `Content-Encoding`).
    var responseBody: [UInt8]

    init(
        method: String, url: String, requestHeaders: [(name: String, value: String)] = [],
        requestBody: [UInt8] = [], status: Int, responseHeaders: [(name: String, value: String)] = [],
        responseBody: [UInt8] = []
    ) {
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
    }

    /// The first value of a request header; `name` lowercased.
    func requestHeader(_ name: String) -> String? {
        requestHeaders.first { $0.name.lowercased() == name }?.value
    }

    /// The first value of a response header; `name` lowercased.
    func responseHeader(_ name: String) -> String? {
        responseHeaders.first { $0.name.lowercased() == name }?.value
    }
}
