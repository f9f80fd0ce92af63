import Data
import Foundation
import Testing

@Suite("JSONValue trees: one parse of a body")
struct JSONTreeTests {
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
                == .array([.integer(1), .number(-2.5), .number(1000), .bool(true), .bool(false), .null]))
        #expect(tree[path: "s"] == .string("q\"\\/\né🦉"))
        #expect(tree[path: "o.p.q"] == .string("deep"))
        #expect(tree[path: "o.missing.q"] == nil)
        #expect(tree[path: "a.b"] == nil)
    }

    @Test(
        "malformed bodies fail with the byte where they go wrong",
        arguments: [
            "", "{", #"{"a" 1}"#, "[1,]", "[1] x", #""\ud800""#, "tru", "\"a\u{01}\"", "01x", "[-]",
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        ])
    func refuses(text: String) {
        #expect(throws: MappingFailure.self) { try Self.parse(text) }
    }

    /// Found by `fuzz-mapping` (Fuzz/README.md): `{"u":02}` parsed as 2, where JSONSerialization,
    /// and RFC 8259, refuse it; `Int` and `Double` accept more spellings than JSON has.
    @Test(
        "numbers JSON does not spell are refused, not read as Swift would read them",
        arguments: ["02", "-01", "+1", ".5", "1.", "-", "1e", "1e+", "1.e5", "0x10", "[1.5.2]", #"{"u":02}"#])
    func refusesNumbersOutsideTheGrammar(text: String) {
        #expect(throws: MappingFailure.self) { try Self.parse(text) }
    }

    @Test("every spelling of a number that JSON has is read")
    func readsEveryNumberSpelling() throws {
        let tree = try Self.parse("[0, -0, 10, 0.5, -0.25, 1E+2, 1e-2, 2e0, 4294967296000000000000]")
        #expect(
            tree
                == .array([
                    .integer(0), .integer(0), .integer(10), .number(0.5), .number(-0.25), .number(100),
                    .number(0.01), .number(2), .number(4_294_967_296e12),
                ]))
    }

    @Test("the tree of the fixture file equals JSONDecoder's reading of it, and survives the store's coding")
    func agreesWithFoundation() throws {
        let data = try Data(contentsOf: FixtureFiles.heroes)
        let parsed = try JSONTreeSerializer().decode(JSONValue.self, from: data)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(parsed == decoded)
        let again = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(parsed))
        #expect(again == parsed)
    }

    @Test("other types still decode through Foundation")
    func otherTypes() throws {
        struct Point: Decodable, Equatable { let x: Int }
        #expect(try JSONTreeSerializer().decode(Point.self, from: Data(#"{"x": 3}"#.utf8)) == Point(x: 3))
    }
}
