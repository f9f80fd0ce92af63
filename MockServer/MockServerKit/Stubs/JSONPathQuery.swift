/// WireMock's documented JSONPath subset: `$.a.b`, `$['a']`, `$.a[0]`, `$.a[*]`, `$.a.*`,
/// `$..a`, filters `[?(@.x == 'y')]` (`!=`, `<`, `<=`, `>`, `>=`; `[?(@.x)]` for presence).
struct JSONPathQuery: Sendable {
    private enum Step: Sendable {
        case member(String)
        case index(Int)
        case wildcard
        case descendant(String)
        case filter(Filter)
    }

    private struct Filter: Sendable {
        enum Operator: String, Sendable, CaseIterable {
            // Two-character operators first, so `<=` is not read as `<`.
            case equal = "=="
            case notEqual = "!="
            case lessOrEqual = "<="
            case greaterOrEqual = ">="
            case less = "<"
            case greater = ">"
        }

        let path: [Step]
        let comparison: (Operator, StubJSON)?

        func holds(for value: StubJSON) -> Bool {
            let found = JSONPathQuery.evaluate(path, on: [value])
            guard let (operation, operand) = comparison else { return !found.isEmpty }
            return found.contains { Self.compare($0, operation, operand) }
        }

        static func compare(_ lhs: StubJSON, _ operation: Operator, _ rhs: StubJSON) -> Bool {
            if let left = lhs.number, let right = rhs.number {
                switch operation {
                case .equal: return left == right
                case .notEqual: return left != right
                case .less: return left < right
                case .lessOrEqual: return left <= right
                case .greater: return left > right
                case .greaterOrEqual: return left >= right
                }
            }
            switch operation {
            case .equal: return lhs == rhs
            case .notEqual: return lhs != rhs
            default:
                guard case .string(let left) = lhs, case .string(let right) = rhs else { return false }
                switch operation {
                case .less: return left < right
                case .lessOrEqual: return left <= right
                case .greater: return left > right
                default: return left >= right
                }
            }
        }
    }

    let expression: String
    private let steps: [Step]

    /// Throws the reason when it is outside the subset.
    init(_ expression: String) throws(JSONPathError) {
        self.expression = expression
        var parser = Parser(text: Array(expression.unicodeScalars))
        guard parser.take("$") else { throw JSONPathError("a JSONPath starts with $") }
        steps = try parser.steps(until: nil)
    }

    func evaluate(_ root: StubJSON) -> [StubJSON] {
        Self.evaluate(steps, on: [root])
    }

    private static func evaluate(_ steps: [Step], on start: [StubJSON]) -> [StubJSON] {
        steps.reduce(start) { values, step in values.flatMap { apply(step, to: $0) } }
    }

    private static func apply(_ step: Step, to value: StubJSON) -> [StubJSON] {
        switch (step, value) {
        case (.member(let name), .object(let members)):
            return members[name].map { [$0] } ?? []
        case (.index(let index), .array(let values)):
            let position = index < 0 ? values.count + index : index
            return values.indices.contains(position) ? [values[position]] : []
        case (.wildcard, .array(let values)):
            return values
        case (.wildcard, .object(let members)):
            return members.keys.sorted().compactMap { members[$0] }
        case (.descendant(let name), _):
            return descendants(named: name, in: value)
        case (.filter(let filter), .array(let values)):
            return values.filter(filter.holds)
        case (.filter(let filter), .object):
            return filter.holds(for: value) ? [value] : []
        default:
            return []
        }
    }

    private static func descendants(named name: String, in value: StubJSON) -> [StubJSON] {
        switch value {
        case .object(let members):
            let own = members[name].map { [$0] } ?? []
            return own
                + members.keys.sorted().flatMap { key in
                    members[key].map { descendants(named: name, in: $0) } ?? []
                }
        case .array(let values):
            return values.flatMap { descendants(named: name, in: $0) }
        default:
            return []
        }
    }

    /// Recursive descent over Unicode scalars.
    private struct Parser {
        let text: [Unicode.Scalar]
        var position = 0

        var atEnd: Bool { position >= text.count }

        mutating func take(_ literal: String) -> Bool {
            let scalars = Array(literal.unicodeScalars)
            guard position + scalars.count <= text.count,
                Array(text[position..<position + scalars.count]) == scalars
            else { return false }
            position += scalars.count
            return true
        }

        mutating func skipSpaces() {
            while !atEnd, text[position] == " " { position += 1 }
        }

        /// Steps until the end, or `stop` (a filter's left side ends).
        mutating func steps(until stop: ((Parser) -> Bool)?) throws(JSONPathError) -> [Step] {
            var steps: [Step] = []
            while !atEnd, !(stop?(self) ?? false) {
                if take("..") {
                    steps.append(.descendant(try name()))
                } else if take(".") {
                    steps.append(take("*") ? .wildcard : .member(try name()))
                } else if take("[") {
                    steps.append(try bracket())
                } else {
                    throw JSONPathError("unexpected \(text[position]) at \(position + 1)")
                }
            }
            return steps
        }

        mutating func name() throws(JSONPathError) -> String {
            let start = position
            while !atEnd, !".[ =!<>)".unicodeScalars.contains(text[position]) { position += 1 }
            guard position > start else { throw JSONPathError("a name is missing at \(start + 1)") }
            return String(String.UnicodeScalarView(text[start..<position]))
        }

        mutating func bracket() throws(JSONPathError) -> Step {
            skipSpaces()
            let step: Step
            if take("*") {
                step = .wildcard
            } else if take("?(") {
                step = .filter(try filter())
            } else if !atEnd, text[position] == "'" || text[position] == "\"" {
                step = .member(try quoted())
            } else {
                let start = position
                if take("-") {}
                while !atEnd, ("0"..."9").contains(text[position]) { position += 1 }
                guard let index = Int(String(String.UnicodeScalarView(text[start..<position]))) else {
                    throw JSONPathError("expected an index, *, a quoted name or a filter at \(start + 1)")
                }
                step = .index(index)
            }
            skipSpaces()
            guard take("]") else { throw JSONPathError("expected ] at \(position + 1)") }
            return step
        }

        mutating func quoted() throws(JSONPathError) -> String {
            let quote = text[position]
            position += 1
            let start = position
            while !atEnd, text[position] != quote { position += 1 }
            guard !atEnd else { throw JSONPathError("a quoted name is not closed") }
            defer { position += 1 }
            return String(String.UnicodeScalarView(text[start..<position]))
        }

        mutating func filter() throws(JSONPathError) -> Filter {
            skipSpaces()
            guard take("@") else { throw JSONPathError("a filter starts with @ (as in [?(@.x == 'y')])") }
            let path = try steps(until: { parser in
                parser.atEnd || " =!<>)".unicodeScalars.contains(parser.text[parser.position])
            })
            skipSpaces()
            var comparison: (Filter.Operator, StubJSON)?
            if let operation = Filter.Operator.allCases.first(where: { take($0.rawValue) }) {
                skipSpaces()
                comparison = (operation, try literal())
                skipSpaces()
            }
            guard take(")") else { throw JSONPathError("expected ) to close the filter at \(position + 1)") }
            return Filter(path: path, comparison: comparison)
        }

        mutating func literal() throws(JSONPathError) -> StubJSON {
            if !atEnd, text[position] == "'" || text[position] == "\"" { return .string(try quoted()) }
            let start = position
            while !atEnd, !" )".unicodeScalars.contains(text[position]) { position += 1 }
            let word = String(String.UnicodeScalarView(text[start..<position]))
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default:
                if let integer = Int(word) { return .integer(integer) }
                if let double = Double(word) { return .double(double) }
                throw JSONPathError("expected a quoted string, a number, true, false or null, not \(word)")
            }
        }
    }
}

struct JSONPathError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
