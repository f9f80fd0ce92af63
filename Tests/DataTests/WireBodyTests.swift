import Data
import Domain
import Foundation
import Testing

/// A body is read two ways: by `JSONDecoder` in the mapping's terms (a page from the server) and
/// from a tree already in memory (a stored record). Whatever a body holds, right or wrong, both
/// must give the same records, the same members and the same pipeline result.
@Suite("WireBody: a body read by JSONDecoder in the mapping's terms")
struct WireBodyTests {
    /// The contract's example hero, with a key from the future that neither reading keeps.
    static let owl = HeroMappingTests.owl

    /// The owl with one member replaced by `json` (or removed, for `nil`).
    static func owl(id: String, _ key: String, _ json: String?) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(owl.utf8)) as? [String: Any])
        object["id"] = id
        object[key] = try json.map {
            try JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed)
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    /// Both readings of `json`, as a page body of `HeroMapping`.
    static func both(_ json: String) throws -> (decoded: WireBody<HeroMapping>, tree: WireBody<HeroMapping>) {
        let data = Data(json.utf8)
        let decoded = try JSONTreeSerializer().decode(WireBody<HeroMapping>.self, from: data)
        let tree = try WireBody<HeroMapping>(try JSONTreeSerializer().decode(JSONValue.self, from: data))
        return (decoded, tree)
    }

    static func expectAgreement(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (decoded, tree) = try both(json)
        #expect(decoded.members == tree.members, sourceLocation: sourceLocation)
        #expect(decoded.records.map(\.tree) == tree.records.map(\.tree), sourceLocation: sourceLocation)
        let fromDecoder = HeroMapping.pipeline.run(records: decoded.records, stored: [:])
        let fromTree = HeroMapping.pipeline.run(records: tree.records, stored: [:])
        #expect(
            fromDecoder.items.map(\.entity) == fromTree.items.map(\.entity), sourceLocation: sourceLocation)
        #expect(fromDecoder.rejected == fromTree.rejected, sourceLocation: sourceLocation)
    }

    @Test("a page of good heroes reads the same both ways, with its page numbers as members")
    func goodPage() throws {
        let json =
            #"{"items": [\#(Self.owl), \#(try Self.owl(id: "0008", "picture_url", nil))], "page": 1, "per_page": 20, "total": 2}"#
        try Self.expectAgreement(json)
        let (decoded, _) = try Self.both(json)
        #expect(decoded.members == ["page": .integer(1), "per_page": .integer(20), "total": .integer(2)])
        let result = HeroMapping.pipeline.run(records: decoded.records, stored: [:])
        #expect(result.items.map(\.id) == ["0007", "0008"])
        #expect(
            result.items[0].record[path: "a_key_from_the_future"] == nil, "a key the mapping does not name")
        #expect(result.items[1].record[path: "picture_url"] == nil, "a missing key stays missing")
        #expect(result.items[1].entity.picture == nil)
    }

    @Test(
        "a value of another kind than the mapping's is read as it is, and rejected for the same reason both ways",
        arguments: [
            ("code_name", "5"), ("code_name", "null"), ("code_name", nil), ("version", "\"3\""),
            ("version", "3.5"), ("version", "true"), ("powers", "[\"Flight\", 7]"), ("powers", "\"Flight\""),
            ("team", "\"dawn-guard\""), ("team", "{\"id\": \"dawn-guard\"}"), ("team", "[]"),
            ("encrypted_real_name", "{}"), ("picture_url", "12"), ("updated_at", "1700000000"),
            ("id", "7"), ("id", "null"),
        ] as [(String, String?)])
    func wrongKinds(key: String, json: String?) throws {
        let body =
            #"{"items": [\#(try Self.owl(id: "0009", key, json))], "page": 1, "per_page": 20, "total": 1}"#
        try Self.expectAgreement(body)
        let (decoded, _) = try Self.both(body)
        let result = HeroMapping.pipeline.run(records: decoded.records, stored: [:])
        #expect(result.items.isEmpty, "\(key): \(json ?? "missing") is rejected")
        #expect(result.rejected.first?.reason.hasPrefix(key) == true, "\(result.rejected)")
    }

    @Test("a whole number spelled with a fraction is an integer, and a null optional stays null")
    func numbersAndNulls() throws {
        let body =
            #"[\#(try Self.owl(id: "0010", "version", "3.0")), \#(try Self.owl(id: "0011", "team", "null"))]"#
        try Self.expectAgreement(body)
        let (decoded, _) = try Self.both(body)
        let result = HeroMapping.pipeline.run(records: decoded.records, stored: [:])
        #expect(result.items.map(\.entity.version) == [3, 3])
        #expect(result.items[1].record[path: "team"] == .null)
        #expect(result.items[1].entity.team == nil)
    }

    @Test("elements that are not objects are rejected by index, both ways")
    func nonObjects() throws {
        let body = #"{"items": [1, "two", null, [], \#(Self.owl)], "page": 1, "per_page": 20, "total": 5}"#
        try Self.expectAgreement(body)
        let (decoded, _) = try Self.both(body)
        let result = HeroMapping.pipeline.run(records: decoded.records, stored: [:])
        #expect(
            result.rejected.map(\.reason) == [
                "is a number, not an object", "is a string, not an object", "is null, not an object",
                "is an array, not an object",
            ])
        #expect(result.items.map(\.id) == ["0007"])
    }

    @Test("a bare array and a single record are bodies too")
    func bareBodies() throws {
        try Self.expectAgreement("[\(Self.owl)]")
        try Self.expectAgreement(Self.owl)
        #expect(try Self.both(Self.owl).decoded.records.count == 1)
    }

    @Test(
        "a body without its records fails as a whole, with the same words both ways",
        arguments: [
            (#"{"page": 1}"#, "items is missing"), (#"{"items": {}}"#, "items is not an array"),
            (#"{"items": null}"#, "items is not an array"), (#"{"items": [}"#, "not JSON"),
        ])
    func failures(json: String, reason: String) throws {
        #expect(throws: MappingFailure(reason)) {
            try JSONTreeSerializer().decode(WireBody<HeroMapping>.self, from: Data(json.utf8))
        }
        if reason != "not JSON" {
            let tree = try JSONTreeSerializer().decode(JSONValue.self, from: Data(json.utf8))
            #expect(throws: MappingFailure(reason)) { try WireBody<HeroMapping>(tree) }
        }
    }
}
