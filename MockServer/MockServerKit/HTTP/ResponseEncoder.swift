/// Encodes responses into bytes (RFC 9112 §4, §6).
enum ResponseEncoder {
    /// Appends the status line and fields byte by byte: interpolating would allocate per
    /// line, and this runs per response.
    static func appendHead(
        _ response: ServerResponse, bodyLength: Int, keepAlive: Bool, date: String, to output: inout [UInt8]
    ) {
        appendLiteral("HTTP/1.1 ", to: &output)
        appendDecimal(response.status, to: &output)
        output.append(UInt8(ascii: " "))
        append(response.reasonPhrase ?? reason(response.status), to: &output)
        appendLiteral("\r\n", to: &output)
        // One Date (a singleton field): a stub's or an origin's own, else the server's.
        if !response.fields.contains(where: { asciiCaseInsensitiveEqual($0.name, "Date") }) {
            appendLiteral("Date: ", to: &output)
            append(date, to: &output)
            appendLiteral("\r\n", to: &output)
        }
        if let encoded = response.prebuilt?.encodedFields {
            output.append(contentsOf: encoded)
        } else {
            appendFields(response.fields, to: &output)
        }
        if hasBody(response.status) {
            appendLiteral("Content-Length: ", to: &output)
            appendDecimal(bodyLength, to: &output)
            appendLiteral("\r\n", to: &output)
        }
        if !keepAlive {
            appendLiteral("Connection: close\r\n", to: &output)
        }
        appendLiteral("\r\n", to: &output)
    }

    /// Each as `name: value` and CRLF.
    static func appendFields(_ fields: [HTTPField], to output: inout [UInt8]) {
        for field in fields {
            append(field.name, to: &output)
            appendLiteral(": ", to: &output)
            append(field.value, to: &output)
            appendLiteral("\r\n", to: &output)
        }
    }

    /// A literal's bytes, straight from the binary.
    private static func appendLiteral(_ text: StaticString, to output: inout [UInt8]) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// A string's bytes, copied at once when contiguous, not code unit by code unit.
    private static func append(_ text: String, to output: inout [UInt8]) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { output.append(contentsOf: $0) }
        if copied == nil { output.append(contentsOf: text.utf8) }
    }

    static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = max(0, value)
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Whether a status carries a body (and a `Content-Length`).
    static func hasBody(_ status: Int) -> Bool {
        status >= 200 && status != 204 && status != 304
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
