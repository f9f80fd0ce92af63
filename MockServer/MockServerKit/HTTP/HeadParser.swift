/// Parses the request line and fields per RFC 9112, strictly: anything ambiguous is a 400.
enum HeadParser {
    /// The limit on the head (docs/API.md): beyond it, 431.
    static let maximumHeadBytes = 16 * 1024

    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    /// The index just past the blank line ending a head; nil when more bytes are needed.
    /// A bare LF is a 400.
    static func findEnd(_ bytes: UnsafeBufferPointer<UInt8>, scanningFrom start: Int) throws(HTTPFailure)
        -> Int?
    {
        var index = start
        while index < bytes.count {
            if bytes[index] == lineFeed {
                guard index > 0, bytes[index - 1] == carriageReturn else {
                    throw HTTPFailure(status: 400, message: "a line ends in a bare LF")
                }
                if index >= 3, bytes[index - 2] == lineFeed { return index + 1 }
            }
            index += 1
        }
        return nil
    }

    /// The head at the start of `bytes` and its length; nil when more bytes are needed, with
    /// `scanFrom` set to resume. `before`: empty lines skipped, counted against the limit.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, scanFrom: inout Int, before: Int = 0)
        throws(HTTPFailure) -> (head: RequestHead, length: Int)?
    {
        let limit = maximumHeadBytes - before
        guard let end = try findEnd(bytes, scanningFrom: scanFrom) else {
            if bytes.count > limit {
                throw HTTPFailure(status: 431, message: "the head is over 16 KiB")
            }
            scanFrom = bytes.count
            return nil
        }
        if end > limit { throw HTTPFailure(status: 431, message: "the head is over 16 KiB") }
        return (try parse(UnsafeBufferPointer(rebasing: bytes[..<end])), end)
    }

    /// Parses a complete head in one pass, the fields' array sized once: this runs per request.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPFailure) -> RequestHead {
        guard let firstLineFeed = bytes.firstIndex(of: lineFeed), firstLineFeed > 0 else {
            throw HTTPFailure(status: 400, message: "the request line is missing")
        }
        var head = try parseRequestLine(UnsafeBufferPointer(rebasing: bytes[..<(firstLineFeed - 1)]))
        // Every line after the request line but the blank one is a field.
        head.fields.reserveCapacity(max(0, bytes[firstLineFeed...].count { $0 == lineFeed } - 2))
        var lineStart = firstLineFeed + 1
        for index in lineStart..<bytes.count where bytes[index] == lineFeed {
            if index - 1 > lineStart {
                head.fields.append(
                    try parseField(UnsafeBufferPointer(rebasing: bytes[lineStart..<(index - 1)])))
            }
            lineStart = index + 1
        }
        return head
    }

    private static func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPFailure)
        -> RequestHead
    {
        let bad = HTTPFailure(status: 400, message: "the request line is malformed")
        guard let firstSpace = line.firstIndex(of: space), firstSpace > 0,
            line[..<firstSpace].allSatisfy(ByteClass.isToken)
        else { throw bad }
        let targetStart = firstSpace + 1
        guard let secondSpace = line[targetStart...].firstIndex(of: space), secondSpace > targetStart,
            line[targetStart..<secondSpace].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { throw bad }
        let version = UnsafeBufferPointer(rebasing: line[(secondSpace + 1)...])
        guard version.count == 8, equals(UnsafeBufferPointer(rebasing: version[0..<5]), "HTTP/"),
            version[6] == UInt8(ascii: "."),
            let major = digit(version[5]), let minor = digit(version[7])
        else { throw bad }
        guard major == 1 else {
            throw HTTPFailure(status: 505, message: "only HTTP/1.0 and HTTP/1.1 are supported")
        }
        return RequestHead(
            method: methodName(UnsafeBufferPointer(rebasing: line[..<firstSpace])),
            target: String(
                decoding: UnsafeBufferPointer(rebasing: line[targetStart..<secondSpace]), as: UTF8.self),
            minorVersion: min(minor, 1),
            fields: [])
    }

    private static func parseField(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPFailure) -> HTTPField {
        guard let first = line.first, first != space, first != tab else {
            throw HTTPFailure(status: 400, message: "obsolete line folding is not accepted")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw HTTPFailure(status: 400, message: "a header field has no colon")
        }
        let name = line[..<colon]
        if let last = name.last, last == space || last == tab {
            throw HTTPFailure(status: 400, message: "whitespace between a field name and its colon")
        }
        guard !name.isEmpty, name.allSatisfy(ByteClass.isToken) else {
            throw HTTPFailure(status: 400, message: "a field name is not a token")
        }
        var start = colon + 1
        var end = line.count
        while start < end, line[start] == space || line[start] == tab { start += 1 }
        while end > start, line[end - 1] == space || line[end - 1] == tab { end -= 1 }
        guard line[start..<end].allSatisfy(ByteClass.isFieldValue) else {
            throw HTTPFailure(status: 400, message: "a field value holds a control character")
        }
        let nameBytes = UnsafeBufferPointer(rebasing: name)
        return HTTPField(
            name: equals(nameBytes, "Host") ? "Host" : String(decoding: nameBytes, as: UTF8.self),
            value: String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self))
    }

    /// The usual methods as literals, which need no check or copy; others as sent.
    private static func methodName(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if equals(bytes, "GET") { return "GET" }
        if equals(bytes, "HEAD") { return "HEAD" }
        if equals(bytes, "POST") { return "POST" }
        if equals(bytes, "PUT") { return "PUT" }
        if equals(bytes, "DELETE") { return "DELETE" }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { Bytes.equal($0, bytes) }
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
