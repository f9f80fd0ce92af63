/// How a request body is delimited and whether the connection stays (RFC 9112 §6, §9).
struct Framing {
    enum Body: Equatable {
        case none
        case length(Int)
        case chunked
    }

    /// The body limit (docs/API.md): beyond it, 413.
    static let maximumBodyBytes = 5 * 1024 * 1024

    var body: Body
    var keepAlive: Bool
    var expectsContinue: Bool

    init(_ head: RequestHead) throws(HTTPFailure) {
        // One pass over the names, counted, not collected: this runs per request, and most
        // requests carry Host alone.
        let present = PresentFields(head.fields)
        if head.minorVersion >= 1, present.hosts != 1 {
            throw HTTPFailure(status: 400, message: "an HTTP/1.1 request needs exactly one Host field")
        }
        if present.hosts > 1 {
            throw HTTPFailure(status: 400, message: "more than one Host field")
        }
        if let host = head.value("host"), !Self.isHost(host) {
            throw HTTPFailure(status: 400, message: "the Host field is not a valid authority")
        }
        body = present.bodyFraming ? try Self.body(head) : .none
        let connection = present.connection ? Self.tokens(head.values("connection")) : []
        keepAlive =
            head.minorVersion >= 1 ? !connection.contains("close") : connection.contains("keep-alive")
        expectsContinue = false
        if present.expect, let expect = head.value("expect") {
            guard expect.lowercased() == "100-continue" else {
                throw HTTPFailure(status: 417, message: "only Expect: 100-continue is understood")
            }
            expectsContinue = head.minorVersion >= 1 && body != .none && body != .length(0)
        }
    }

    /// Which of the fields framing reads came.
    private struct PresentFields {
        var hosts = 0
        /// `Transfer-Encoding` or `Content-Length`.
        var bodyFraming = false
        var connection = false
        var expect = false

        init(_ fields: [HTTPField]) {
            for field in fields {
                let name = field.name
                switch name.utf8.count {
                case 4: if asciiCaseInsensitiveEqual(name, "host") { hosts += 1 }
                case 6: expect = expect || asciiCaseInsensitiveEqual(name, "expect")
                case 10: connection = connection || asciiCaseInsensitiveEqual(name, "connection")
                case 14, 17:
                    bodyFraming =
                        bodyFraming || asciiCaseInsensitiveEqual(name, "content-length")
                        || asciiCaseInsensitiveEqual(name, "transfer-encoding")
                default: break
                }
            }
        }
    }

    /// Whether every byte of a Host value may be in an authority.
    private static func isHost(_ value: String) -> Bool {
        value.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isHostByte) }
            ?? value.utf8.allSatisfy(isHostByte)
    }

    private static func body(_ head: RequestHead) throws(HTTPFailure) -> Body {
        let codings = head.values("transfer-encoding")
        let lengths = head.values("content-length")
        if !codings.isEmpty {
            guard lengths.isEmpty else {
                throw HTTPFailure(status: 400, message: "Content-Length and Transfer-Encoding together")
            }
            guard head.minorVersion >= 1 else {
                throw HTTPFailure(status: 400, message: "Transfer-Encoding in an HTTP/1.0 request")
            }
            let list = tokens(codings)
            // Without chunked last, the body's end is unknowable (RFC 9112 §6.3): 400, not 501.
            guard list.last == "chunked" else {
                throw HTTPFailure(status: 400, message: "chunked must be the final transfer coding")
            }
            if let unknown = list.dropLast().first(where: { $0 != "chunked" }) {
                throw HTTPFailure(status: 501, message: "the transfer coding \(unknown) is not implemented")
            }
            guard list.count == 1 else {
                throw HTTPFailure(status: 400, message: "chunked must be applied exactly once")
            }
            return .chunked
        }
        guard !lengths.isEmpty else { return .none }
        var length: Int?
        for element in lengths.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let text = element.trimmingWhitespace()
            guard let value = decimal(text), length == nil || length == value else {
                throw HTTPFailure(status: 400, message: "Content-Length is not one non-negative integer")
            }
            length = value
        }
        guard let length else { return .none }
        guard length <= maximumBodyBytes else {
            throw HTTPFailure(status: 413, message: "the body is over 5 MiB")
        }
        return .length(length)
    }

    /// A decimal integer without sign or overflow, or nil.
    static func decimal(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            return nil
        }
        return Int(text)
    }

    /// The lowercased, trimmed, non-empty elements of comma-separated values.
    static func tokens(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingWhitespace().lowercased() }
            .filter { !$0.isEmpty }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "%"), UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
