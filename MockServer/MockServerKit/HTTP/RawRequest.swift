/// A request read from raw bytes (a capture, a fuzzer's input) with the connection's own
/// parser, without a socket.
public struct RawRequest: Sendable, Equatable {
    /// Case-sensitive.
    public let method: String
    /// The target as sent.
    public let target: String
    /// Still percent-encoded.
    public let path: String
    /// After `?`, still percent-encoded; nil when absent.
    public let query: String?
    /// 0 for HTTP/1.0, 1 for HTTP/1.1 and later 1.x.
    public let minorVersion: Int
    /// In order, values trimmed.
    public let fields: [HTTPField]
    /// The decoded body.
    public let body: [UInt8]
    /// Whether the connection would stay open.
    public let keepsAlive: Bool
    /// Bytes of input taken, head and body.
    public let length: Int

    /// What the server makes of some bytes.
    public enum Outcome: Sendable, Equatable {
        /// A complete request.
        case request(RawRequest)
        /// The request is cut short; the server would wait.
        case incomplete
        /// Answered with `status` (400, 413, 417, 431, 501 or 505), then closed.
        case refused(status: Int, message: String)
    }

    /// Reads the first request of `bytes` as a connection does, arriving in pieces of the
    /// sizes in `arrivals` (the rest last, at once).
    public static func read(_ bytes: [UInt8], arrivals: [Int] = []) -> Outcome {
        var reader = Reader(bytes: bytes, arrivals: arrivals)
        do {
            return try reader.read()
        } catch {
            return .refused(status: error.status, message: error.message)
        }
    }
}

/// A connection's state while one request arrives.
private struct Reader {
    let bytes: [UInt8]
    var arrivals: [Int]
    var available = 0
    var consumed = 0
    var scanFrom = 0

    init(bytes: [UInt8], arrivals: [Int]) {
        self.bytes = bytes
        self.arrivals = arrivals
        _ = arrive()
    }

    /// Delivers the next piece; false when all has arrived.
    mutating func arrive() -> Bool {
        guard available < bytes.count else { return false }
        let piece = arrivals.isEmpty ? bytes.count : max(1, arrivals.removeFirst())
        available = min(bytes.count, available + piece)
        return true
    }

    mutating func read() throws(HTTPFailure) -> RawRequest.Outcome {
        var found: (head: RequestHead, length: Int)?
        while found == nil {
            // As `Connection.skipEmptyLines` (RFC 9112 §2.2).
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
