import Foundation
import Testing

/// The five shapes `docs/JOURNEY.md` names stay five: Data reads JSON one way, and the stored
/// hero codes itself rather than through a private mirror of its fields.
@Suite("A hero keeps few shapes")
struct HeroShapesTests {
    static let data = PackageGraph.root.appendingPathComponent("Sources/Data")

    static func sources() throws -> [(file: String, text: String)] {
        let files = try #require(FileManager.default.enumerator(atPath: data.path)).compactMap {
            $0 as? String
        }
        return try files.filter { $0.hasSuffix(".swift") }.map {
            ($0, try String(contentsOf: data.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test("Data's one JSON reader is JSONDecoder: no JSONSerialization tree beside it")
    func oneReader() throws {
        let sources = try Self.sources()
        #expect(sources.count > 20)
        for (file, text) in sources {
            #expect(!text.contains("JSONSerialization"), "Sources/Data/\(file)")
        }
    }

    @Test("StoredHero is its own Codable record, with no nested type mirroring a hero's fields")
    func noMirror() throws {
        let text = try #require(try Self.sources().first { $0.file.hasSuffix("StoredRecords.swift") }?.text)
        let start = try #require(text.range(of: "extension StoredHero: Codable {"))
        let body = text[start.upperBound...]
        let end = try #require(body.range(of: "\n}\n"))
        #expect(body[..<end.lowerBound].firstMatch(of: /\b(struct|class|enum) (?!CodingKeys\b)/) == nil)
    }
}
