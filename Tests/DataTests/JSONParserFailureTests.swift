import Data
import Foundation
import Testing

/// The JSON parser's refusals, each naming what is wrong and the byte where it goes wrong, so a
/// broken body can be found in a log.
@Suite("JSONValue trees: where a malformed body goes wrong")
struct JSONParserFailureTests {
    @Test(
        "a missing separator, a control character after an escape, a bad escape and lone surrogates",
        arguments: [
            (#"{"a": 1 "b": 2}"#, "expected ',' or '}' at byte 8"),
            ("[1 2]", "expected ',' or ']' at byte 3"),
            ("\"a\\n\u{01}\"", "a control character in a string at byte 5"),
            (#""a\x""#, "a bad escape at byte 4"),
            (#""\udc00""#, "a lone surrogate at byte 7"),
            (#""\ud800\u0041""#, "a lone surrogate at byte 13"),
        ])
    func namesTheByte(text: String, problem: String) {
        #expect(throws: MappingFailure("not JSON: \(problem)")) {
            try JSONTreeSerializer().decode(JSONValue.self, from: Data(text.utf8))
        }
    }

    @Test("the same escapes, well formed, decode to the characters they stand for")
    func wellFormedCounterparts() throws {
        let tree = try JSONTreeSerializer().decode(
            JSONValue.self, from: Data(#"{"a": 1, "b": ["\n", "\u0041", "\ud83e\udd89"]}"#.utf8))
        #expect(tree[path: "a"] == .integer(1))
        #expect(tree[path: "b"] == .array([.string("\n"), .string("A"), .string("🦉")]))
    }
}
