import Foundation

/// Parses JSON bytes (RFC 8259) into a `JSONValue` in one pass, with a nesting limit so a
/// hostile body cannot exhaust the stack.
struct JSONParser {
    /// How deep arrays and objects may nest.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private let rejectsDuplicateKeys: Bool
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, rejectsDuplicateKeys: Bool) {
        self.bytes = bytes
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
    }

    /// The tree `data` holds; throws `MappingFailure` naming the byte offset of the first problem.
    /// An object that repeats a key keeps its last value, unless `rejectingDuplicateKeys`: then
    /// it is a failure (`JSONDecoder` keeps the first, so the store's quick read refuses them).
    static func parse(_ data: Data, rejectingDuplicateKeys: Bool = false) throws(MappingFailure) -> JSONValue
    {
        let result: Result<JSONValue, MappingFailure> = data.withUnsafeBytes { raw in
            var parser = JSONParser(
                bytes: raw.bindMemory(to: UInt8.self), rejectsDuplicateKeys: rejectingDuplicateKeys)
            return Result { () throws(MappingFailure) in
                let value = try parser.value()
                parser.skipSpace()
                guard parser.index == parser.bytes.count else { throw parser.failure("text after the value") }
                return value
            }
        }
        return try result.get()
    }

    private func failure(_ what: String) -> MappingFailure {
        MappingFailure("not JSON: \(what) at byte \(index)")
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() throws(MappingFailure) -> JSONValue {
        skipSpace()
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return try number()
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(MappingFailure)
        -> JSONValue
    {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("unknown literal")
        }
        index += count
        return value
    }

    private mutating func nest() throws(MappingFailure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
        index += 1
    }

    private mutating func object() throws(MappingFailure) -> JSONValue {
        try nest()
        var members: [String: JSONValue] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a key")
            }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("expected ':'")
            }
            index += 1
            let member = try value()
            if members.updateValue(member, forKey: key) != nil, rejectsDuplicateKeys {
                throw failure("a duplicate key")
            }
            skipSpace()
            guard index < bytes.count else { throw failure("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            } else {
                throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func array() throws(MappingFailure) -> JSONValue {
        try nest()
        var elements: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipSpace()
            guard index < bytes.count else { throw failure("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            } else {
                throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func string() throws(MappingFailure) -> String {
        index += 1  // the opening quote
        let start = index
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw failure("a control character in a string") }
            index += 1
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &scalars)
            case ..<0x20:
                throw failure("a control character in a string")
            default:
                scalars.append(byte)
            }
        }
        throw failure("an unterminated string")
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(MappingFailure) {
        guard index < bytes.count else { throw failure("unexpected end") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800..<0xDC00).contains(code) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("a lone surrogate") }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(code) {
                throw failure("a lone surrogate")
            }
            guard let scalar = Unicode.Scalar(code) else { throw failure("a bad \\u escape") }
            utf8.append(contentsOf: String(Character(scalar)).utf8)
        default:
            throw failure("a bad escape")
        }
    }

    private mutating func hex4() throws(MappingFailure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("unexpected end") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a bad \\u escape")
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }

    /// A number as RFC 8259 §6 spells it: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    /// `Int` and `Double` would also take `+1`, `01`, `.5` and `1.`, which JSON does not.
    private mutating func number() throws(MappingFailure) -> JSONValue {
        let start = index
        if byte(at: index) == UInt8(ascii: "-") { index += 1 }
        guard let first = byte(at: index), Self.isDigit(first) else {
            throw failure(index == start ? "unexpected character" : "a bad number")
        }
        index += 1
        if first == UInt8(ascii: "0"), let next = byte(at: index), Self.isDigit(next) {
            throw failure("a number with a leading zero")
        }
        skipDigits()
        var isInteger = true
        if byte(at: index) == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard requireDigits() else { throw failure("a bad number") }
        }
        if let marker = byte(at: index), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if let sign = byte(at: index), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                index += 1
            }
            guard requireDigits() else { throw failure("a bad number") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite else { throw failure("a bad number") }
        return .number(number)
    }

    private func byte(at position: Int) -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipDigits() {
        while let next = byte(at: index), Self.isDigit(next) { index += 1 }
    }

    /// Skips one or more digits; false when there is none.
    private mutating func requireDigits() -> Bool {
        let start = index
        skipDigits()
        return index > start
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
