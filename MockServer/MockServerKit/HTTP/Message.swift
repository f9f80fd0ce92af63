#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A complete request, handed to the application once its body has arrived.
struct HTTPRequest {
    /// The method token, case-sensitive.
    var method: String
    /// The path part of the target, still percent-encoded.
    var path: Substring
    /// The query part of the target (after `?`), still percent-encoded; nil when absent.
    var query: Substring?
    /// The header fields in order.
    var fields: [HTTPField]
    /// The decoded body (empty when there is none).
    var body: [UInt8]

    /// The first value of a field, by case-insensitive name.
    func value(_ name: String) -> String? {
        fields.first { asciiCaseInsensitiveEqual($0.name, name) }?.value
    }
}

/// A response the application produced; the connection adds framing fields when it encodes it.
struct HTTPResponse {
    /// The status code.
    var status: Int
    /// Header fields besides `Date`, `Content-Length` and `Connection`.
    var fields: [HTTPField]
    /// The body (never sent for HEAD, 204 and 304).
    var body: [UInt8]
    /// Whether the connection must be closed after this response.
    var closesConnection = false
}

/// How a response travels: normally, or damaged on purpose (the transport-level faults).
struct Delivery {
    /// What happens to the bytes.
    enum Mode: Equatable {
        /// The response as it is.
        case normal
        /// A TCP reset instead of a response.
        case reset
        /// The connection is closed without a byte of response.
        case closeBeforeHeaders
        /// The head and only this many body bytes, then the connection is closed.
        case truncateBody(Int)
        /// Nothing at all, until the client gives up or the idle timeout ends the connection.
        case stall
        /// The head at once, then the body in small pieces with pauses between them.
        case trickle
    }

    /// Milliseconds to wait before the first byte.
    var delayMilliseconds = 0
    /// What happens to the bytes.
    var mode = Mode.normal
    /// When set, the response is given later (a long poll); `mode` is then ignored.
    var deferred: DeferredResponse?
}

/// A response the application gives later: once `isReady` says so, or when the timeout ends.
struct DeferredResponse: Sendable {
    /// The longest wait, in milliseconds.
    var timeoutMilliseconds: Int
    /// Whether the response can be given now; asked again whenever the handler's generation changes.
    var isReady: @Sendable () -> Bool
    /// Builds the response when it is given.
    var render: @Sendable () -> HTTPResponse
}

/// The application behind the server: a pure function from a request to a response and its delivery.
protocol RequestHandler: Sendable {
    /// Answers one request. Called on the event loop thread: it must not block.
    func handle(_ request: HTTPRequest) -> (HTTPResponse, Delivery)

    /// A number that changes whenever a deferred response may have become ready.
    var generation: Int { get }
}

/// Encodes responses into bytes (RFC 9112 §4, §6).
enum ResponseEncoder {
    /// Appends the status line and header fields of `response` to `output`.
    static func appendHead(
        _ response: HTTPResponse, bodyLength: Int, keepAlive: Bool, date: String, to output: inout [UInt8]
    ) {
        output.append(contentsOf: "HTTP/1.1 \(response.status) \(reason(response.status))\r\n".utf8)
        output.append(contentsOf: "Date: \(date)\r\n".utf8)
        for field in response.fields {
            output.append(contentsOf: field.name.utf8)
            output.append(contentsOf: ": ".utf8)
            output.append(contentsOf: field.value.utf8)
            output.append(contentsOf: "\r\n".utf8)
        }
        if hasBody(response.status) {
            output.append(contentsOf: "Content-Length: \(bodyLength)\r\n".utf8)
        }
        if !keepAlive {
            output.append(contentsOf: "Connection: close\r\n".utf8)
        }
        output.append(contentsOf: "\r\n".utf8)
    }

    /// Whether a status carries a body (and so a `Content-Length`).
    static func hasBody(_ status: Int) -> Bool {
        status >= 200 && status != 204 && status != 304
    }

    /// The reason phrase of a status code.
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

/// The `Date` field value, formatted once per second (RFC 9110 §5.6.7 IMF-fixdate).
final class DateCache {
    private var second = 0
    private var text = ""

    /// The current IMF-fixdate.
    func now() -> String {
        let current = time(nil)
        if current != second || text.isEmpty {
            second = current
            text = Self.format(current)
        }
        return text
    }

    /// Formats a POSIX time as an IMF-fixdate, e.g. `Wed, 02 Dec 2026 11:22:00 GMT`.
    static func format(_ seconds: Int) -> String {
        var clock = time_t(seconds)
        var parts = tm()
        gmtime_r(&clock, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    private static func two(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

/// A monotonic clock in nanoseconds, for timeouts and fault delays.
enum Monotonic {
    /// Nanoseconds since an arbitrary fixed point.
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
