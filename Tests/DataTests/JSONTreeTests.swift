import Data
import Foundation
import Testing

@Suite("JSONValue trees: a body read by JSONDecoder")
struct JSONTreeTests {
    static let notJSON = MappingFailure("not JSON")

    static func parse(_ text: String) throws -> JSONValue {
        try JSONTreeSerializer().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test("scalars, escapes, surrogate pairs, nesting and dotted paths")
    func parses() throws {
        let tree = try Self.parse(
            #" {"a": [1, -2.5, 1e3, true, false, null], "s": "q\"\\\/\n\u00e9\ud83e\udd89", "o": {"p": {"q": "deep"}}} "#
        )
        #expect(
            tree[path: "a"]
                == .array([.integer(1), .number(-2.5), .integer(1000), .bool(true), .bool(false), .null]))
        #expect(tree[path: "s"] == .string("q\"\\/\né🦉"))
        #expect(tree[path: "o.p.q"] == .string("deep"))
        #expect(tree[path: "o.missing.q"] == nil)
        #expect(tree[path: "a.b"] == nil)
    }

    @Test(
        "malformed bodies, and nesting deeper than Foundation's 512 levels, fail as not JSON",
        arguments: [
            "", "{", #"{"a" 1}"#, "[1] x", #""\ud800""#, "tru", "\"a\u{01}\"", "01x", "[-]",
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        ])
    func refuses(text: String) {
        #expect(throws: Self.notJSON) { try Self.parse(text) }
    }

    /// Found by `fuzz-mapping` (Fuzz/README.md) in the old hand-written parser: `{"u":02}` parsed
    /// as 2, where RFC 8259 refuses it. Foundation's decoder keeps to the grammar; this holds it to it.
    @Test(
        "numbers JSON does not spell are refused, not read as Swift would read them",
        arguments: ["02", "-01", "+1", ".5", "1.", "-", "1e", "1e+", "1.e5", "0x10", "[1.5.2]", #"{"u":02}"#])
    func refusesNumbersOutsideTheGrammar(text: String) {
        #expect(throws: Self.notJSON) { try Self.parse(text) }
    }

    /// A `Decoder` does not say how a number was spelled: a whole number that fits an `Int` is
    /// an integer however it is written, and anything else a `Double`.
    @Test("every spelling of a number that JSON has is read; whole ones that fit an Int are integers")
    func readsEveryNumberSpelling() throws {
        let tree = try Self.parse("[0, -0, 10, 0.5, -0.25, 1E+2, 1e-2, 2e0, 3.0, 4294967296000000000000]")
        #expect(
            tree
                == .array([
                    .integer(0), .integer(0), .integer(10), .number(0.5), .number(-0.25), .integer(100),
                    .number(0.01), .integer(2), .integer(3), .number(4_294_967_296e12),
                ]))
    }

    /// Foundation's decoder takes a trailing comma, where RFC 8259 has none; a server of the
    /// contract never sends one, and this test says so should Foundation change.
    @Test("a trailing comma in an array is read as Foundation reads it")
    func trailingComma() throws {
        #expect(try Self.parse("[1,]") == .array([.integer(1)]))
    }

    /// RFC 8259 leaves a repeated key's meaning open; the tree keeps the value a `Decodable`
    /// struct read by the same decoder would, so no two readers of one body disagree.
    @Test("a repeated key keeps the value JSONDecoder gives a struct")
    func repeatedKey() throws {
        struct Plain: Decodable { var a: Int }
        let body = #"{"a": 1, "a": 2}"#
        let plain = try JSONDecoder().decode(Plain.self, from: Data(body.utf8))
        #expect(try Self.parse(body) == .object(["a": .integer(plain.a)]))
    }

    @Test("the tree of the fixture file is JSONDecoder's reading of it")
    func agreesWithFoundation() throws {
        let data = try Data(contentsOf: FixtureFiles.heroes)
        let parsed = try JSONTreeSerializer().decode(JSONValue.self, from: data)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(parsed == decoded)
    }

    @Test("every kind, nested in objects and arrays, reads the same through either decoder")
    func everyKindRoundTrips() throws {
        let tree = JSONValue.object([
            "s": .string("a \"quoted\" é"), "i": .integer(-7), "n": .number(2.5), "t": .bool(true),
            "f": .bool(false), "z": .null, "empty": .object([:]),
            "list": .array([
                .string("x"), .integer(1), .null, .bool(false), .number(0.5), .array([]),
                .object(["k": .null]),
            ]),
            "deep": .object(["a": .array([.object(["b": .array([.integer(2)])])])]),
        ])
        let text = Data(
            #"""
            {"s": "a \"quoted\" \u00e9", "i": -7, "n": 2.5, "t": true, "f": false, "z": null, "empty": {},
             "list": ["x", 1, null, false, 0.5, [], {"k": null}],
             "deep": {"a": [{"b": [2]}]}}
            """#.utf8)
        #expect(try JSONTreeSerializer().decode(JSONValue.self, from: text) == tree)
        #expect(try JSONDecoder().decode(JSONValue.self, from: text) == tree)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(#""top""#.utf8)) == .string("top"))
    }

    @Test("other types still decode through Foundation")
    func otherTypes() throws {
        struct Point: Decodable, Equatable { let x: Int }
        #expect(try JSONTreeSerializer().decode(Point.self, from: Data(#"{"x": 3}"#.utf8)) == Point(x: 3))
    }
}
