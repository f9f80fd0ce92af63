/// Writes a `JSONValue` as JSON text (RFC 8259) with its object keys sorted, handing the bytes
/// to a sink in pieces of about 64 KiB, so a large document is never whole in memory.
/// Pretty text is laid out in `JSONEncoder`'s style: two spaces per level, `"key" : value`.
struct JSONTextWriter {
    /// How the text is laid out.
    enum Layout {
        /// No white space.
        case compact
        /// One member or element per line, indented.
        case pretty
    }

    private let layout: Layout
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    private var buffer: [UInt8] = []
    private static let pieceBytes = 65_536

    /// A writer that gives its bytes to `sink`, in order.
    init(layout: Layout, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.layout = layout
        self.sink = sink
        buffer.reserveCapacity(Self.pieceBytes + 1024)
    }

    /// The text of `value`, whole: for small documents and tests.
    static func text(of value: JSONValue, layout: Layout) throws -> [UInt8] {
        var text: [UInt8] = []
        var writer = JSONTextWriter(layout: layout) { text.append(contentsOf: $0) }
        try writer.write(value)
        try writer.finish()
        return text
    }

    /// Writes `value`; call `finish()` once the document is written.
    mutating func write(_ value: JSONValue) throws {
        try write(value, depth: 0)
    }

    /// Hands the last bytes to the sink.
    mutating func finish() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes(sink)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func write(_ value: JSONValue, depth: Int) throws {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .integer(let number): append(String(number))
        case .number(let number):
            guard number.isFinite else { throw JSONTextError(description: "\(number) is not a JSON number") }
            append("\(number)")  // the shortest text that reads back as the same Double
        case .string(let text): appendString(text)
        case .array(let elements):
            guard !elements.isEmpty else {
                append("[]")
                return
            }
            buffer.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                newline(depth: depth + 1)
                try write(element, depth: depth + 1)
            }
            newline(depth: depth)
            buffer.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                append("{}")
                return
            }
            buffer.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                newline(depth: depth + 1)
                appendString(key)
                append(layout == .pretty ? " : " : ":")
                try write(members[key] ?? .null, depth: depth + 1)
            }
            newline(depth: depth)
            buffer.append(UInt8(ascii: "}"))
        }
        if buffer.count >= Self.pieceBytes { try finish() }
    }

    private mutating func newline(depth: Int) {
        guard layout == .pretty else { return }
        buffer.append(UInt8(ascii: "\n"))
        buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// A string with `"`, `\` and the control characters escaped; the rest as UTF-8.
    private mutating func appendString(_ text: String) {
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                buffer.append(hex[Int(byte >> 4)])
                buffer.append(hex[Int(byte & 0x0F)])
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }
}

/// A tree that JSON cannot express (a number that is not finite).
struct JSONTextError: Error, CustomStringConvertible {
    let description: String
}
