import Domain
import Foundation

/// `Hero`'s mapping, docs/API.md's JSON declared once: keys, transformers, the contract's rules
/// as conditions, and the server-owned version and time winning a merge.
public enum HeroMapping {
    public static let id = Attribute(.id, from: "id", .heroID, to: \Hero.id)
    public static let codeName = Attribute(.codeName, from: "code_name", .string, to: \Hero.codeName)
    /// A damaged one is kept for the cipher to refuse (shown as classified), never a reason to
    /// leave the hero out.
    public static let realName = Attribute(
        .realName, from: "encrypted_real_name", .optional(.sealedSecret), to: \Hero.sealedRealName)
    public static let powers = Attribute(.powers, from: "powers", .strings, to: \Hero.powers)
    public static let picture = Attribute(
        .picture, from: "picture_url", .optional(.picturePath), to: \Hero.picture)
    public static let team = Attribute(
        .team, from: "team", .optional(.relationship(TeamMapping.mapping)), to: \Hero.team)
    public static let updatedAt = Attribute(
        .updatedAt, from: "updated_at", .rfc3339Date, to: \Hero.updatedAt, merge: .incomingWins)
    public static let version = Attribute(
        .version, from: "version", .integer, to: \Hero.version, merge: .incomingWins)
    /// May be absent (servers of the first contract send none); only the server sets it.
    public static let motto = Attribute(
        .motto, from: "motto", .optional(.string), to: \Hero.motto, merge: .incomingWins)

    /// The contract's rules a record must keep to be stored.
    public static let conditions: [StoreCondition<Hero>] = [
        StoreCondition { hero in
            let problems = HeroDraft.sizeProblems(codeName: hero.codeName, powers: hero.powers)
            return problems.min { $0.key < $1.key }.map { field, problem in
                "\(field == .codeName ? "code_name" : field.rawValue) \(problem)"
            }
        },
        StoreCondition { $0.version >= 1 ? nil : "version \($0.version) is below 1" },
        StoreCondition { hero in
            hero.motto.map(\.unicodeScalars.count).map {
                (1...120).contains($0) ? nil : "motto is not 1–120 characters"
            }
                ?? nil
        },
    ]

    public static let mapping = EntityMapping<Hero>(
        id: id, rootKeyPath: "items",
        attributes: [codeName, realName, powers, picture, team, updatedAt, version, motto],
        conditions: conditions
    ) { record throws(MappingFailure) in
        Hero(
            id: try record(id), codeName: try record(codeName), sealedRealName: try record(realName),
            powers: try record(powers), picture: try record(picture), team: try record(team),
            updatedAt: try record(updatedAt), version: try record(version), motto: try record(motto))
    }

    public static let pipeline = MappingPipeline(mapping)
}
