import Foundation

/// WireMock 3's `urlPathTemplate`: literal text equal (percent-encoded), each `{name}` taking
/// non-empty text within one segment. Matching is linear in the path.
struct PathTemplate: Sendable {
    enum Piece: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let text: String
    /// The pieces of each `/`-separated segment.
    let segments: [[Piece]]
    let names: [String]

    /// Refuses unbalanced or nested braces, an empty or repeated name, and two parameters with
    /// no text between them (where one would end is anyone's guess).
    init(_ text: String, at cursor: JSONCursor) throws(MappingError) {
        var segments: [[Piece]] = []
        var names: [String] = []
        for segment in text.split(separator: "/", omittingEmptySubsequences: false) {
            var pieces: [Piece] = []
            var rest = segment
            while !rest.isEmpty {
                guard let open = rest.firstIndex(of: "{") else {
                    if rest.contains("}") { throw cursor.error("urlPathTemplate has a } with no {: \(text)") }
                    pieces.append(.literal(String(rest)))
                    break
                }
                let before = rest[..<open]
                if before.contains("}") { throw cursor.error("urlPathTemplate has a } with no {: \(text)") }
                if !before.isEmpty { pieces.append(.literal(String(before))) }
                let inside = rest[rest.index(after: open)...]
                guard let close = inside.firstIndex(of: "}") else {
                    throw cursor.error("urlPathTemplate has a { that is never closed: \(text)")
                }
                let name = String(inside[..<close])
                guard !name.isEmpty, !name.contains("{") else {
                    throw cursor.error("urlPathTemplate has an empty or nested parameter name: \(text)")
                }
                guard !names.contains(name) else {
                    throw cursor.error("urlPathTemplate names the parameter \(name) twice: \(text)")
                }
                if case .parameter = pieces.last {
                    throw cursor.error("urlPathTemplate needs text between two parameters: \(text)")
                }
                names.append(name)
                pieces.append(.parameter(name))
                rest = inside[inside.index(after: close)...]
            }
            segments.append(pieces)
        }
        self.text = text
        self.segments = segments
        self.names = names
    }

    /// The parameters' values, percent-decoded (a value that does not decode is kept as sent);
    /// nil when the path does not fit.
    func match(_ path: Substring) -> [String: String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (pieces, part) in zip(segments, parts) {
            guard Self.match(pieces[...], part, into: &values) else { return nil }
        }
        return values
    }

    /// One segment. Literals at either end are fixed; between parameters, each literal is taken
    /// at its last place that leaves text for the parameters after it, so the first parameter
    /// takes the most, as WireMock's greedy regex does.
    private static func match(
        _ pieces: ArraySlice<Piece>, _ segment: Substring, into values: inout [String: String]
    ) -> Bool {
        var pieces = pieces
        var rest = segment
        if case .literal(let head) = pieces.first {
            guard rest.hasPrefix(head) else { return false }
            rest = rest.dropFirst(head.count)
            pieces = pieces.dropFirst()
        }
        if case .literal(let tail) = pieces.last {
            guard rest.hasSuffix(tail) else { return false }
            rest = rest.dropLast(tail.count)
            pieces = pieces.dropLast()
        }
        guard !pieces.isEmpty else { return rest.isEmpty }
        // Now parameter, literal, parameter, …, parameter: fill from the right.
        var end = rest.endIndex
        var index = pieces.endIndex - 1
        while index > pieces.startIndex {
            guard case .parameter(let name) = pieces[index], case .literal(let separator) = pieces[index - 1],
                let found = Self.lastRange(of: separator, in: rest[..<end], leaving: 1)
            else { return false }
            values[name] = decode(rest[found.upperBound..<end])
            end = found.lowerBound
            index -= 2
        }
        guard case .parameter(let first) = pieces[index], end > rest.startIndex else { return false }
        values[first] = decode(rest[rest.startIndex..<end])
        return true
    }

    /// The last place of `separator` with text on both sides of it (`leaving` characters after).
    private static func lastRange(of separator: String, in text: Substring, leaving: Int) -> Range<
        Substring.Index
    >? {
        var end = text.endIndex
        while let found = text[..<end].range(of: separator, options: .backwards) {
            if found.lowerBound > text.startIndex,
                text.distance(from: found.upperBound, to: text.endIndex) >= leaving
            {
                return found
            }
            guard found.upperBound > text.startIndex else { return nil }
            end = text.index(before: found.upperBound)
        }
        return nil
    }

    private static func decode(_ value: Substring) -> String {
        PercentDecoding.decode(value, plusIsSpace: false) ?? String(value)
    }

    /// The leading segments with no parameter, for the stub index.
    var literalSegments: [Substring] {
        var found: [Substring] = []
        for pieces in segments.dropFirst() {
            guard pieces.count <= 1, case .literal(let text) = pieces.first ?? .literal("") else { break }
            found.append(Substring(text))
        }
        return found
    }
}
