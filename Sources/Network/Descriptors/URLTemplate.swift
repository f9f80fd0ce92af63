/// A `path` cut at load into path and query items, so a value's `?`, `&` or `=` stays a value.
struct URLTemplate: Sendable, Equatable {
    /// `value` is nil for a bare `name`.
    struct QueryItem: Sendable, Equatable {
        let name: Template
        let value: Template?
    }

    /// Before the first literal `?`.
    let path: Template
    /// Split at literal `&` and at each item's first literal `=`.
    let query: [QueryItem]

    /// Also checks that the literal text is valid in a URL.
    init(_ template: Template) throws(TemplateError) {
        var pathParts: [Template.Part] = []
        var itemParts: [[Template.Part]] = []
        var inQuery = false
        for part in template.parts {
            guard case .literal(let text) = part else {
                if inQuery { itemParts[itemParts.count - 1].append(part) } else { pathParts.append(part) }
                continue
            }
            try Self.checkLiteral(text)
            var rest = Substring(text)
            if !inQuery, let questionMark = rest.firstIndex(of: "?") {
                if questionMark > rest.startIndex {
                    pathParts.append(.literal(String(rest[..<questionMark])))
                }
                rest = rest[rest.index(after: questionMark)...]
                inQuery = true
                itemParts.append([])
            }
            guard inQuery else {
                pathParts.append(.literal(String(rest)))
                continue
            }
            for (offset, piece) in rest.split(separator: "&", omittingEmptySubsequences: false).enumerated() {
                if offset > 0 { itemParts.append([]) }
                if !piece.isEmpty { itemParts[itemParts.count - 1].append(.literal(String(piece))) }
            }
        }
        guard case .literal(let first) = pathParts.first, first.hasPrefix("/") else {
            throw TemplateError(message: "the path must start with '/'")
        }
        path = Template(parts: pathParts)
        query = try itemParts.filter { !$0.isEmpty }.map(Self.queryItem)
    }

    private static func queryItem(_ parts: [Template.Part]) throws(TemplateError) -> QueryItem {
        var name: [Template.Part] = []
        var value: [Template.Part]?
        for part in parts {
            if value != nil {
                value?.append(part)
            } else if case .literal(let text) = part, let equals = text.firstIndex(of: "=") {
                if equals > text.startIndex { name.append(.literal(String(text[..<equals]))) }
                let after = text[text.index(after: equals)...]
                value = after.isEmpty ? [] : [.literal(String(after))]
            } else {
                name.append(part)
            }
        }
        guard !name.isEmpty else { throw TemplateError(message: "a query item has no name") }
        return QueryItem(name: Template(parts: name), value: value.map(Template.init(parts:)))
    }

    /// The template is sent as written, so its literal text must already be valid URL text.
    private static func checkLiteral(_ text: String) throws(TemplateError) {
        for scalar in text.unicodeScalars where !allowedLiteral(scalar) {
            let shown = scalar == " " ? "a space" : "'\(scalar)'"
            throw TemplateError(message: "\(shown) is not allowed in a URL as written; percent-encode it")
        }
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
            let escape = bytes.dropFirst(index + 1).prefix(2)
            guard escape.count == 2, escape.allSatisfy(\.isASCIIHexDigit) else {
                throw TemplateError(message: "a literal '%' in a URL must start a percent-escape such as %20")
            }
        }
    }

    private static func allowedLiteral(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        let byte = UInt8(scalar.value)
        return byte.isASCIIAlphanumeric || "-._~:/?@!$&'()*+,;=%".utf8.contains(byte)
    }
}

extension UInt8 {
    fileprivate var isASCIIHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }

    fileprivate var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
    }
}
