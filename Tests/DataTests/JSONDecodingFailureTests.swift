import Data
import Foundation
import Testing

/// A malformed body fails as a `MappingFailure` (never a bare `DecodingError`), so the pipeline's
/// callers report it as bad data like any other bad body. Foundation on Linux says only that the
/// data is not valid JSON: where it goes wrong is no longer named.
@Suite("JSONValue trees: a malformed body is a mapping failure")
struct JSONDecodingFailureTests {
    @Test(
        "a missing separator, a control character, a bad escape, lone surrogates and numbers outside the grammar",
        arguments: [
            #"{"a": 1 "b": 2}"#, "[1 2]", "\"a\\n\u{01}\"", #""a\x""#, #""\udc00""#, #""\ud800\u0041""#, "02",
            #"{"u": [1, 1.]}"#,
        ])
    func refuses(text: String) {
        #expect(throws: MappingFailure("not JSON")) {
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
