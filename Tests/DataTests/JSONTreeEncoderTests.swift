import Foundation
import Testing

@testable import Data

@Suite("JSONTreeEncoder and JSONTextWriter: the store's way to JSON text")
struct JSONTreeEncoderTests {
    /// Every kind of member a stored value may have.
    struct Everything: Codable, Equatable {
        enum Kind: String, Codable { case create, delete }
        struct Inner: Codable, Equatable {
            var tags: [String]
            var nested: [[Int]]
        }

        var text = "Quill \"Q\" Feather\\\n\t\u{01}é🦸"
        var flag = true
        var small: Int8 = -7
        var large: UInt64 = 18_000_000_000
        var integer = 42
        var fraction = 0.1
        var whole = 2.0
        var tiny: Float = 1.5
        var absent: String?
        var present: String? = "here"
        var kind = Kind.delete
        var date = Date(timeIntervalSinceReferenceDate: 786_000_000.25)
        var data = Data([0, 1, 2, 250, 255])
        var url = URL(string: "https://example.com/a?b=c")
        var inner = Inner(tags: [], nested: [[1, 2], [], [3]])
        var record = JSONValue.object(["id": .string("0007"), "powers": .array([.string("Flight")])])
        var map = ["b": 2, "a": 1]
    }

    @Test("the text decodes with JSONDecoder to the same value that JSONEncoder's text decodes to")
    func sameAsJSONEncoder() throws {
        let value = Everything()
        for layout in [JSONTextWriter.Layout.compact, .pretty] {
            let text = try JSONTextWriter.text(of: try JSONTreeEncoder().encode(value), layout: layout)
            let ours = try JSONDecoder().decode(Everything.self, from: Data(text))
            let theirs = try JSONDecoder().decode(Everything.self, from: JSONEncoder().encode(value))
            #expect(ours == value)
            #expect(ours == theirs)
        }
    }

    @Test("a JSONValue is kept as it is, an absent optional leaves no key, Data is Base64")
    func tree() throws {
        let tree = try JSONTreeEncoder().encode(Everything())
        guard case .object(let members) = tree else {
            Issue.record("not an object: \(tree)")
            return
        }
        #expect(members["record"] == Everything().record)
        #expect(members["absent"] == nil)
        #expect(members["present"] == .string("here"))
        #expect(members["data"] == .string("AAEC+v8="))
        #expect(members["url"] == .string("https://example.com/a?b=c"))
        #expect(members["kind"] == .string("delete"))
        #expect(members["large"] == .integer(18_000_000_000))
    }

    @Test("a number JSON cannot hold is refused, by the encoder and by the writer")
    func notFinite() {
        #expect(throws: EncodingError.self) { try JSONTreeEncoder().encode(["x": Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONTreeEncoder().encode([Double.infinity]) }
        #expect(throws: JSONTextError.self) {
            try JSONTextWriter.text(of: .number(.infinity), layout: .compact)
        }
    }

    @Test("keys are sorted, strings escaped, and pretty text indented by two, with key : value")
    func layout() throws {
        let tree = JSONValue.object([
            "b": .array([.integer(1), .null, .bool(false)]), "a": .string("\"\\\n\u{1f}"), "c": .object([:]),
            "d": .array([]), "e": .number(0.5),
        ])
        #expect(
            String(decoding: try JSONTextWriter.text(of: tree, layout: .compact), as: UTF8.self)
                == #"{"a":"\"\\\n\u001f","b":[1,null,false],"c":{},"d":[],"e":0.5}"#)
        #expect(
            String(decoding: try JSONTextWriter.text(of: tree, layout: .pretty), as: UTF8.self)
                == """
                {
                  "a" : "\\"\\\\\\n\\u001f",
                  "b" : [
                    1,
                    null,
                    false
                  ],
                  "c" : {},
                  "d" : [],
                  "e" : 0.5
                }
                """)
    }

    @Test("a large document reaches the sink in pieces that join to the whole text, which parses back")
    func pieces() throws {
        let records = (0..<3000).map { index in
            JSONValue.object([
                "id": .string(String(index)), "name": .string("Hero \(index) ✦"), "n": .integer(index),
            ])
        }
        let tree = JSONValue.object(["items": .array(records)])
        var pieces: [[UInt8]] = []
        var writer = JSONTextWriter(layout: .pretty) { pieces.append(Array($0)) }
        try writer.write(tree)
        try writer.finish()
        #expect(pieces.count > 1)
        #expect(pieces.dropLast().allSatisfy { $0.count >= 65_536 && $0.count < 70_000 })
        let whole = pieces.flatMap { $0 }
        #expect(whole == (try JSONTextWriter.text(of: tree, layout: .pretty)))
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(whole)) == tree)
    }

    /// A value that encodes itself through every kind of container an `Encoder` hands out.
    struct Handmade: Codable, Equatable {
        var name = "Kite"
        var scores: [Int] = [3, 1]
        var grid: [[String]] = [["a"], []]
        var inner: [String: Double] = ["x": 0.5]
        var base = "from super"

        enum Keys: String, CodingKey { case name, scores, grid, inner, base, pair }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decode(String.self, forKey: .name)
            var scoreList = try container.nestedUnkeyedContainer(forKey: .scores)
            scores = []
            while !scoreList.isAtEnd { scores.append(try scoreList.decode(Int.self)) }
            var rows = try container.nestedUnkeyedContainer(forKey: .grid)
            grid = []
            while !rows.isAtEnd {
                var row = try rows.nestedUnkeyedContainer()
                var cells: [String] = []
                while !row.isAtEnd { cells.append(try row.decode(String.self)) }
                grid.append(cells)
            }
            inner = try container.decode([String: Double].self, forKey: .inner)
            base = try String(from: try container.superDecoder(forKey: .base))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(name, forKey: .name)
            var scoreList = container.nestedUnkeyedContainer(forKey: .scores)
            for score in scores { try scoreList.encode(score) }
            var rows = container.nestedUnkeyedContainer(forKey: .grid)
            for cells in grid {
                var row = rows.nestedUnkeyedContainer()
                for cell in cells { try row.encode(cell) }
            }
            var innerObject = container.nestedContainer(keyedBy: AnyKey.self, forKey: .inner)
            for (key, value) in inner { try innerObject.encode(value, forKey: AnyKey(key)) }
            try base.encode(to: container.superEncoder(forKey: .base))
            var pair = container.nestedUnkeyedContainer(forKey: .pair)
            var first = pair.nestedContainer(keyedBy: Keys.self)
            try first.encodeNil(forKey: .name)
            try pair.encode(true)
            try pair.encodeNil()
            try pair.encode(Float(0.25))
            try "super".encode(to: pair.superEncoder())
            #expect(pair.count == 5)
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test("nested keyed and unkeyed containers and super encoders build the tree JSONEncoder would")
    func containers() throws {
        let tree = try JSONTreeEncoder().encode(Handmade())
        let text = try JSONTextWriter.text(of: tree, layout: .compact)
        #expect(try JSONDecoder().decode(Handmade.self, from: Data(text)) == Handmade())
        #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(Handmade())) == tree)
        guard case .object(let members) = tree else {
            Issue.record("not an object")
            return
        }
        #expect(
            members["pair"]
                == .array([.object(["name": .null]), .bool(true), .null, .number(0.25), .string("super")]))
    }

    @Test("a value that encodes nothing is an empty object; two values in one container are refused")
    func emptyAndDoubled() throws {
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(1)
                try container.encode(2)
            }
        }
        #expect(try JSONTreeEncoder().encode(Nothing()) == .object([:]))
        #expect(throws: EncodingError.self) { try JSONTreeEncoder().encode(Twice()) }
    }
}
