import Foundation
import Locking

/// What a server starts from and resets to: teams, heroes and pictures.
struct FixtureSet: Sendable {
    /// In file order.
    var teams: [TeamRecord]
    var heroes: [HeroRecord]
    /// PNG bytes by hero id.
    var pictures: [String: [UInt8]]

    /// Read once per process: read-only resources, and tests start a server per test.
    private static let bundledCache = Locked<FixtureSet?>(nil)

    static func loadBundled(from directory: URL) throws(MockServerError) -> FixtureSet {
        if let cached = bundledCache.withLock({ $0 }) { return cached }
        let loaded = try load(from: directory)
        bundledCache.withLock { $0 = loaded }
        return loaded
    }

    static func load(from directory: URL) throws(MockServerError) -> FixtureSet {
        let teamsObject = try readJSON(directory.appendingPathComponent("teams.json"))
        guard let items = (teamsObject as? [String: Any])?["items"] as? [[String: Any]] else {
            throw MockServerError("teams.json: expected {\"items\": [{\"id\", \"name\"}]}")
        }
        var teams: [TeamRecord] = []
        for item in items {
            guard let id = item["id"] as? String, let name = item["name"] as? String else {
                throw MockServerError("teams.json: a team needs a string id and name")
            }
            teams.append(TeamRecord(id: id, name: name))
        }
        let heroes = try parseHeroes(
            readJSON(directory.appendingPathComponent("heroes.json")), teams: teams, file: "heroes.json")
        var pictures: [String: [UInt8]] = [:]
        for hero in heroes where hero.hasPicture {
            let url = directory.appendingPathComponent("pictures").appendingPathComponent("\(hero.id).png")
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw MockServerError("heroes.json: hero \(hero.id) has a picture_url but no \(url.path)")
            }
            pictures[hero.id] = Array(data)
        }
        return FixtureSet(teams: teams, heroes: heroes, pictures: pictures)
    }

    static func readJSON(_ url: URL) throws(MockServerError) -> Any {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw MockServerError("cannot read \(url.path)")
        }
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            throw MockServerError("\(url.lastPathComponent) is not valid JSON: \(error.localizedDescription)")
        }
    }

    /// Parses hero objects (docs/API.md), checking what the server relies on.
    static func parseHeroes(_ object: Any, teams: [TeamRecord], file: String) throws(MockServerError)
        -> [HeroRecord]
    {
        guard let items = object as? [[String: Any]] else {
            throw MockServerError("\(file): expected an array of hero objects")
        }
        var heroes: [HeroRecord] = []
        var seen: Set<String> = []
        for item in items {
            guard let id = item["id"] as? String, HeroRecord.isValidID(Substring(id)),
                seen.insert(id).inserted,
                let codeName = item["code_name"] as? String,
                let powers = item["powers"] as? [String],
                let updatedAt = item["updated_at"] as? String,
                let version = item["version"] as? Int
            else {
                throw MockServerError(
                    "\(file): hero \(item["id"] ?? "?") lacks a required key or repeats an id")
            }
            var team: TeamRecord?
            if let nested = item["team"] as? [String: Any] {
                guard let teamID = nested["id"] as? String,
                    let known = teams.first(where: { $0.id == teamID })
                else { throw MockServerError("\(file): hero \(id) names an unknown team") }
                team = known
            }
            heroes.append(
                HeroRecord(
                    id: id, codeName: codeName, encryptedRealName: item["encrypted_real_name"] as? String,
                    powers: powers, team: team, hasPicture: item["picture_url"] is String,
                    updatedAt: updatedAt, version: version, motto: item["motto"] as? String))
        }
        return heroes
    }
}
