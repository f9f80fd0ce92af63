import Foundation

/// Heroes generated for the mapping, store and sync measurements: the wire JSON of docs/API.md,
/// with the same kinds of values as the fixtures (a sealed name, powers, a team, a time).
enum GeneratedHeroes {
    static let teams = [
        ("dawn-guard", "Dawn Guard"), ("tide-keepers", "Tide Keepers"), ("night-shift", "Night Shift"),
    ]

    /// One hero as a JSON object.
    static func hero(_ index: Int) -> [String: Any] {
        let team = teams[index % teams.count]
        return [
            "id": String(format: "%05d", index + 1),
            "code_name": "Generated Hero \(index + 1)",
            "encrypted_real_name": Data((0..<44).map { UInt8(($0 + index) % 256) }).base64EncodedString(),
            "powers": ["Power \(index % 7)", "Skill \(index % 11)"],
            "picture_url": NSNull(),
            "team": ["id": team.0, "name": team.1],
            "updated_at": "2026-11-\(String(format: "%02d", index % 28 + 1))T09:07:00Z",
            "version": index % 5 + 1,
        ]
    }

    /// A page body holding `count` heroes.
    static func page(count: Int) throws -> Data {
        let object: [String: Any] = [
            "items": (0..<count).map(hero), "page": 1, "per_page": count, "total": count,
        ]
        return try JSONSerialization.data(withJSONObject: object)
    }

    /// A fixture folder for the mock server (`teams.json`, `heroes.json`) with `count` heroes.
    static func fixtures(count: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "heroes-bench-\(count)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let teamsObject = ["items": teams.map { ["id": $0.0, "name": $0.1] }]
        try JSONSerialization.data(withJSONObject: teamsObject).write(
            to: folder.appendingPathComponent("teams.json"))
        try JSONSerialization.data(withJSONObject: (0..<count).map(hero))
            .write(to: folder.appendingPathComponent("heroes.json"))
        return folder
    }
}

/// A hero as plain `Decodable` structs: the baseline the mapping pipeline is measured against.
struct PlainHero: Codable, Sendable {
    struct PlainTeam: Codable, Sendable {
        var id: String
        var name: String
    }

    var id: String
    var codeName: String
    var encryptedRealName: String?
    var powers: [String]
    var pictureURL: String?
    var team: PlainTeam?
    var updatedAt: String
    var version: Int

    enum CodingKeys: String, CodingKey {
        case id, powers, team, version
        case codeName = "code_name"
        case encryptedRealName = "encrypted_real_name"
        case pictureURL = "picture_url"
        case updatedAt = "updated_at"
    }
}

/// A page of plain heroes.
struct PlainPage: Codable, Sendable {
    var items: [PlainHero]
    var page: Int
    var total: Int
}

/// The median of some measures (the upper middle one of an even count).
func median<Measure: Comparable & AdditiveArithmetic>(_ values: [Measure]) -> Measure {
    let sorted = values.sorted()
    return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
}
