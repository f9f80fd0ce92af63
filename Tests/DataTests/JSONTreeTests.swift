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
