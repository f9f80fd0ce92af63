/// A descriptor string cut at load into literals and placeholders: `%N`, `%N[key.path]`, `%%`;
/// a `%HH` naming no argument stays literal, any other `%` fails. Values are never read as syntax.
struct Template: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case literal(String)
        case argument(index: Int, keyPath: [String])
    }

    /// Adjacent literals are merged.
    let parts: [Part]

    init(parts: [Part]) { self.parts = parts }

    /// Set when the template is exactly one placeholder.
    var loneArgument: (index: Int, keyPath: [String])? {
        guard parts.count == 1, case .argument(let index, let keyPath) = parts[0] else { return nil }
        return (index, keyPath)
    }

    var argumentIndices: [Int] {
        parts.compactMap { if case .argument(let index, _) = $0 { index } else { nil } }
    }

    static func parse(_ text: String, argumentCount: Int) throws(TemplateError) -> Template {
        var scanner = TemplateScanner(bytes: Array(text.utf8), argumentCount: argumentCount)
        return Template(parts: try scanner.scan())
    }
}

struct TemplateError: Error, Equatable {
    let message: String
}

/// The syntax is ASCII, so other UTF-8 passes through untouched.
private struct TemplateScanner {
    let bytes: [UInt8]
    let argumentCount: Int
    private var position = 0
    private var parts: [Template.Part] = []
    private var literal: [UInt8] = []

    init(bytes: [UInt8], argumentCount: Int) {
        self.bytes = bytes
        self.argumentCount = argumentCount
    }

    mutating func scan() throws(TemplateError) -> [Template.Part] {
        while position < bytes.count {
            if bytes[position] == percent {
                try scanPercent()
            } else {
                literal.append(bytes[position])
                position += 1
            }
        }
        flushLiteral()
        return parts
    }

    private mutating func scanPercent() throws(TemplateError) {
        let afterPercent = position + 1
        if byte(at: afterPercent) == percent {
            literal.append(percent)
            position += 2
            return
        }
        var end = afterPercent
        while let digit = byte(at: end), isDigit(digit) { end += 1 }
        let digits = String(decoding: bytes[afterPercent..<end], as: UTF8.self)
        if !digits.isEmpty, let index = Int(digits), index < argumentCount {
            position = end
            let keyPath = try scanKeyPath()
            flushLiteral()
            parts.append(.argument(index: index, keyPath: keyPath))
            return
        }
        if let first = byte(at: afterPercent), let second = byte(at: afterPercent + 1),
            isHexDigit(first), isHexDigit(second)
        {
            literal.append(contentsOf: bytes[position...afterPercent + 1])
            position += 3
            return
        }
        if digits.isEmpty {
            throw TemplateError(
                message: "a '%' must start %N, %N[key] or %% (write %% for a literal percent)")
        }
        let plural = argumentCount == 1 ? "argument" : "arguments"
        throw TemplateError(
            message:
                "'%\(digits)' names argument \(digits), but the endpoint takes \(argumentCount) \(plural)"
        )
    }

    private mutating func scanKeyPath() throws(TemplateError) -> [String] {
        guard byte(at: position) == openBracket else { return [] }
        guard let close = bytes[position...].firstIndex(of: closeBracket) else {
            throw TemplateError(message: "'[' after a placeholder has no closing ']'")
        }
        let inside = String(decoding: bytes[(position + 1)..<close], as: UTF8.self)
        position = close + 1
        let keys = inside.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if keys.contains(where: \.isEmpty) {
            throw TemplateError(message: "the key path '[\(inside)]' has an empty key")
        }
        return keys
    }

    private mutating func flushLiteral() {
        guard !literal.isEmpty else { return }
        let text = String(decoding: literal, as: UTF8.self)
        literal.removeAll(keepingCapacity: true)
        if case .literal(let previous) = parts.last {
            parts[parts.count - 1] = .literal(previous + text)
        } else {
            parts.append(.literal(text))
        }
    }

    private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
}

private let percent = UInt8(ascii: "%")
private let openBracket = UInt8(ascii: "[")
private let closeBracket = UInt8(ascii: "]")

private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

private func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
}
