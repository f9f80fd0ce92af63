import Foundation
import Testing

@testable import Data

/// The store's quick read (`JSONTreeDecoder` over one `JSONParser` pass) must decode exactly what
/// `JSONDecoder` decodes, and leave every file it is not sure of to `JSONDecoder`.
@Suite("JSONFileStore: the quick read agrees with JSONDecoder")
struct JSONFileStoreQuickReadTests {
    struct Box: Codable, Sendable, Equatable {
        var record: JSONValue
        var count: Int
    }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quick-\(UUID().uuidString)")
    var file: URL { folder.appendingPathComponent("store.json") }

    static var cache: HeroCache {
        var cache = HeroCache()
        let record: JSONValue = .object([
            "id": .string("0007"), "code_name": .string("Night \"Owl\" é🦉"), "version": .integer(3),
            "powers": .array([.string("Gliding"), .null]), "ratio": .number(0.25), "big": .number(1e30),
            "flags": .array([.bool(true), .bool(false)]), "team": .object(["id": .string("dawn-guard")]),
        ])
        cache.store(record, id: "0007", entityTag: "\"0007-3\"")
        cache.pages["page=1"] = HeroCache.StoredPage(
            ids: ["0007"], page: 1, perPage: 20, total: 1, entityTag: nil)
        cache.teams = HeroCache.StoredTeams(items: [.object(["id": .string("dawn-guard")])], entityTag: "t")
        cache.pending = [
            PendingChange(
                sequence: 1, kind: .replace, id: "0007",
                input: HeroInputDTO(
                    codeName: "Owl", encryptedRealName: nil, powers: [], teamID: "dawn-guard"),
                expectedVersion: 3, base: record,
                madeAt: Date(timeIntervalSinceReferenceDate: 786_000_000.125)),
            PendingChange(
                sequence: 2, kind: .delete, id: "0008", input: nil, expectedVersion: nil, base: nil,
                madeAt: Date(timeIntervalSinceReferenceDate: 786_000_100)),
        ]
        return cache
    }

    @Test("a cache written by the store decodes from the tree to what JSONDecoder reads")
    func treeAgreesWithJSONDecoder() async throws {
        let store = try JSONFileStore<HeroCache>.open(at: file)
        try await store.write(Self.cache)
        let data = try Data(contentsOf: file)

        let tree = try #require(try JSONParser.parse(data, rejectingDuplicateKeys: true)[path: "value"])
        let quick = try HeroCache(from: JSONTreeDecoder(tree))
        struct Envelope: Decodable { let value: HeroCache }
        let slow = try JSONDecoder().decode(Envelope.self, from: data).value
        #expect(quick == slow)
        #expect(quick == Self.cache)
        #expect(try await store.read() == Self.cache)
    }

    @Test(
        "a file the tree would read otherwise is left to JSONDecoder, whose value stands",
        arguments: [
            // JSONDecoder reads a whole number with a fraction or an exponent as an integer.
            (
                #"{"schema_version": 1, "value": {"record": {"v": 2.0}, "count": 1e0}}"#,
                Box(record: .object(["v": .integer(2)]), count: 1)
            ),
            // JSONDecoder keeps the first of repeated keys; the parser alone would keep the last.
            (
                #"{"schema_version": 1, "value": {"record": null, "count": 1, "count": 2}}"#,
                Box(record: .null, count: 1)
            ),
            // A byte-order mark, which JSONDecoder skips.
            (
                "\u{FEFF}" + #"{"schema_version": 1, "value": {"record": [], "count": 3}}"#,
                Box(record: .array([]), count: 3)
            ),
        ])
    func unusualFilesGoToJSONDecoder(text: String, expected: Box) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        let store = try JSONFileStore<Box>.open(at: file)
        #expect(try await store.read() == expected)
    }

    @Test("bytes that are not UTF-8 are corrupt, as JSONDecoder says, not repaired by the parser")
    func invalidUTF8IsCorrupt() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var bytes = Data(#"{"schema_version": 1, "value": {"record": ""#.utf8)
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(contentsOf: Data(#"", "count": 1}}"#.utf8))
        try bytes.write(to: file)
        let store = try JSONFileStore<Box>.open(at: file)
        await #expect {
            try await store.read()
        } throws: { error in
            guard case StorageError.corrupt = error else { return false }
            return true
        }
    }

    @Test("the tree decoder refuses integers written as fractions, and numbers held as such in a tree")
    func treeDecoderIsStrict() throws {
        #expect(throws: DecodingError.self) { try Int(from: JSONTreeDecoder(.number(2))) }
        #expect(try Int(from: JSONTreeDecoder(.integer(2))) == 2)
        #expect(throws: DecodingError.self) { try Int8(from: JSONTreeDecoder(.integer(300))) }
        #expect(try Double(from: JSONTreeDecoder(.integer(2))) == 2)
        #expect(throws: DecodingError.self) { try JSONValue(from: JSONTreeDecoder(.array([.number(3)]))) }
        #expect(try JSONValue(from: JSONTreeDecoder(.array([.number(2.5)]))) == .array([.number(2.5)]))
        #expect(throws: DecodingError.self) { try String(from: JSONTreeDecoder(.integer(1))) }
        #expect(throws: DecodingError.self) { try [String].self.init(from: JSONTreeDecoder(.object([:]))) }
    }

    /// Every scalar, keyed, in an array and alone, through the containers' own overloads.
    struct Scalars: Decodable, Equatable {
        var b: Bool, s: String, d: Double, f: Float, i: Int, i8: Int8, i16: Int16, i32: Int32, i64: Int64
        var u: UInt, u8: UInt8, u16: UInt16, u32: UInt32, u64: UInt64
        var listed: [Int] = []
        var nested: [String] = []

        init(from decoder: any Decoder) throws {
            let keyed = try decoder.container(keyedBy: AnyKey.self)
            func key(_ name: String) -> AnyKey { AnyKey(stringValue: name) }
            (b, s, d, f) = (
                try keyed.decode(Bool.self, forKey: key("b")),
                try keyed.decode(String.self, forKey: key("s")),
                try keyed.decode(Double.self, forKey: key("d")),
                try keyed.decode(Float.self, forKey: key("f"))
            )
            (i, i8, i16, i32, i64) = (
                try keyed.decode(Int.self, forKey: key("n")), try keyed.decode(Int8.self, forKey: key("n")),
                try keyed.decode(Int16.self, forKey: key("n")),
                try keyed.decode(Int32.self, forKey: key("n")),
                try keyed.decode(Int64.self, forKey: key("n"))
            )
            (u, u8, u16, u32, u64) = (
                try keyed.decode(UInt.self, forKey: key("n")), try keyed.decode(UInt8.self, forKey: key("n")),
                try keyed.decode(UInt16.self, forKey: key("n")),
                try keyed.decode(UInt32.self, forKey: key("n")),
                try keyed.decode(UInt64.self, forKey: key("n"))
            )
            #expect(try keyed.decodeNil(forKey: key("none")))
            #expect(keyed.contains(key("b")) && !keyed.contains(key("missing")))
            #expect(throws: DecodingError.self) { try keyed.decode(Int.self, forKey: key("missing")) }
            var array = try keyed.nestedUnkeyedContainer(forKey: key("all"))
            #expect(array.count == 16 && !array.isAtEnd)
            #expect(try array.decodeNil())
            #expect(try array.decode(Bool.self) == b && array.decode(String.self) == s)
            #expect(try array.decode(Double.self) == d && array.decode(Float.self) == f)
            #expect(
                try array.decode(Int.self) == 7 && array.decode(Int8.self) == 7
                    && array.decode(Int16.self) == 7)
            #expect(
                try array.decode(Int32.self) == 7 && array.decode(Int64.self) == 7
                    && array.decode(UInt.self) == 7)
            #expect(try array.decode(UInt8.self) == 7 && array.decode(UInt16.self) == 7)
            #expect(try array.decode(UInt32.self) == 7 && array.decode(UInt64.self) == 7)
            var inner = try array.nestedUnkeyedContainer()
            listed = [try inner.decode(Int.self)]
            #expect(try array.isAtEnd && !array.decodeNil())
            #expect(throws: DecodingError.self) { try array.decode(Int.self) }
            let object = try keyed.nestedContainer(keyedBy: AnyKey.self, forKey: key("object"))
            nested = object.allKeys.map(\.stringValue)
            #expect(try keyed.superDecoder(forKey: key("n")).singleValueContainer().decode(Int.self) == 7)
            #expect(try keyed.superDecoder().singleValueContainer().decodeNil())
        }

        init() {
            (b, s, d, f, i, i8, i16, i32, i64) = (true, "x", 0.5, 0.25, 7, 7, 7, 7, 7)
            (u, u8, u16, u32, u64, listed, nested) = (7, 7, 7, 7, 7, [1], ["k"])
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test("every scalar decodes through the keyed, unkeyed and single-value containers")
    func everyScalar() throws {
        let text =
            #"{"b": true, "s": "x", "d": 0.5, "f": 0.25, "n": 7, "none": null, "object": {"k": 1},"#
            + #" "all": [null, true, "x", 0.5, 0.25, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, [1]]}"#
        let tree = try JSONParser.parse(Data(text.utf8))
        #expect(try Scalars(from: JSONTreeDecoder(tree)) == Scalars())
        let single = JSONTreeDecoder(.integer(7))
        #expect(
            try single.decode(Int8.self) == 7 && single.decode(Int16.self) == 7
                && single.decode(Int32.self) == 7)
        #expect(
            try single.decode(Int64.self) == 7 && single.decode(UInt.self) == 7
                && single.decode(UInt8.self) == 7)
        #expect(try single.decode(UInt16.self) == 7 && single.decode(UInt32.self) == 7)
        #expect(try single.decode(UInt64.self) == 7 && single.decode(Float.self) == 7 && !single.decodeNil())
        #expect(try JSONTreeDecoder(.bool(false)).decode(Bool.self) == false)
        #expect(throws: DecodingError.self) { try JSONTreeDecoder(.number(0.1)).decode(Float.self) }
    }

    @Test("the parser keeps the last of repeated keys, or refuses them when asked")
    func duplicateKeys() throws {
        let data = Data(#"{"a": 1, "a": 2}"#.utf8)
        #expect(try JSONParser.parse(data) == .object(["a": .integer(2)]))
        #expect(throws: MappingFailure.self) { try JSONParser.parse(data, rejectingDuplicateKeys: true) }
    }
}
