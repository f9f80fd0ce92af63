/// A request as the server reads it off a connection, for tools and tests that hold raw bytes
/// (a capture, a fuzzer's input) and want the server's reading without opening a socket. It runs
/// the connection's own parser: the head, the framing rules and the body decoder.
public struct RawRequest: Sendable, Equatable {
    /// The method token, case-sensitive.
    public let method: String
    /// The request target as sent.
    public let target: String
    /// The path part of the target, still percent-encoded.
    public let path: String
    /// The query part of the target (after `?`), still percent-encoded; nil when absent.
    public let query: String?
    /// 0 for HTTP/1.0, 1 for HTTP/1.1 (later 1.x minors are read as 1.1).
    public let minorVersion: Int
    /// The header fields in order, values without surrounding whitespace.
    public let fields: [HTTPField]
    /// The decoded body: the bytes `Content-Length` counts, or the chunks joined.
    public let body: [UInt8]
    /// Whether the connection would stay open after the response.
    public let keepsAlive: Bool
    /// How many bytes of the input the request took, head and body.
    public let length: Int

    /// What the server makes of some bytes.
    public enum Outcome: Sendable, Equatable {
        /// A complete request.
        case request(RawRequest)
        /// The bytes end before the request does; the server would wait for more.
        case incomplete
        /// The server answers with `status` (400, 413, 417, 431, 501 or 505) and closes.
        case refused(status: Int, message: String)
    }

    /// Reads the first request of `bytes` as a connection does when they arrive in pieces of the
    /// sizes in `arrivals` (whatever is left arrives last, at once): empty lines before the request
    /// line are skipped, the head must end within 16 KiB, the framing fields are checked and the
    /// body is decoded.
    public static func read(_ bytes: [UInt8], arrivals: [Int] = []) -> Outcome {
        var reader = Reader(bytes: bytes, arrivals: arrivals)
        do {
            return try reader.read()
        } catch {
            return .refused(status: error.status, message: error.message)
        }
    }
}

/// The state a connection keeps while one request arrives, over a growing prefix of the input.
private struct Reader {
    let bytes: [UInt8]
    var arrivals: [Int]
    /// How many bytes have arrived.
    var available = 0
    var consumed = 0
    var scanFrom = 0

    init(bytes: [UInt8], arrivals: [Int]) {
        self.bytes = bytes
        self.arrivals = arrivals
        _ = arrive()
    }

    /// Delivers the next piece; false when everything has arrived already.
    mutating func arrive() -> Bool {
        guard available < bytes.count else { return false }
        let piece = arrivals.isEmpty ? bytes.count : max(1, arrivals.removeFirst())
        available = min(bytes.count, available + piece)
        return true
    }

    mutating func read() throws(HTTPFailure) -> RawRequest.Outcome {
        var found: (head: RequestHead, length: Int)?
        while found == nil {
            // As `Connection.skipEmptyLines`, before each attempt at the head (RFC 9112 §2.2).
            while available - consumed >= 2, bytes[consumed] == 13, bytes[consumed + 1] == 10 {
                consumed += 2
                scanFrom = 0
            }
            if consumed < available {
                found = try bytes.withUnsafeBufferPointer { buffer throws(HTTPFailure) in
                    try HeadParser.read(
                        UnsafeBufferPointer(rebasing: buffer[consumed..<available]), scanFrom: &scanFrom)
                }
            }
            if found == nil, !arrive() { return .incomplete }
        }
        guard let (head, headLength) = found else { return .incomplete }
        consumed += headLength
        let framing = try Framing(head)
        var decoder = BodyDecoder(framing.body)
        while !decoder.isComplete {
            let used = try bytes.withUnsafeBufferPointer { buffer throws(HTTPFailure) in
                try decoder.feed(UnsafeBufferPointer(rebasing: buffer[consumed..<available]))
            }
            consumed += used
            if !decoder.isComplete, !arrive() { return .incomplete }
        }
        guard let (path, query) = Connection.splitTarget(head.target) else {
            throw HTTPFailure(status: 400, message: "the request target is not a path")
        }
        return .request(
            RawRequest(
                method: head.method, target: head.target, path: String(path), query: query.map(String.init),
                minorVersion: head.minorVersion, fields: head.fields, body: decoder.body,
                keepsAlive: framing.keepAlive, length: consumed))
    }
}
