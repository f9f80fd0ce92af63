import Data
import Domain
import Foundation
import Testing

@Suite("HeroDTO and HeroMapper")
struct HeroMapperTests {
    let mapper = HeroMapper()

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    static let owl = """
        {"id": "0007", "code_name": "Night Owl", "encrypted_real_name": "c2VhbGVk",
         "powers": ["Night vision", "Gliding"], "picture_url": "/v1/heroes/0007/picture",
         "team": {"id": "dawn-guard", "name": "Dawn Guard"}, "updated_at": "2026-11-30T12:00:00Z",
         "version": 3, "a_key_from_the_future": {"ignored": true}}
        """

    @Test("the API.md example hero maps to the entity, unknown keys ignored")
    func mapsExample() throws {
        let hero = try mapper.hero(from: Self.decode(HeroDTO.self, Self.owl))
        #expect(hero.id == (try Hero.ID("0007")))
        #expect(hero.codeName == "Night Owl")
        #expect(hero.sealedRealName == SealedSecret(base64: "c2VhbGVk"))
        #expect(hero.powers == ["Night vision", "Gliding"])
        #expect(hero.picture == PictureReference(path: "/v1/heroes/0007/picture"))
        #expect(hero.team == Team(id: Team.ID("dawn-guard"), name: "Dawn Guard"))
        #expect(hero.updatedAt == Date(timeIntervalSince1970: 1_796_040_000))
        #expect(hero.version == 3)
    }

    @Test("nulls for the optional keys map to nothing")
    func mapsNulls() throws {
        let json = """
            {"id": "x", "code_name": "X", "encrypted_real_name": null, "powers": [],
             "picture_url": null, "team": null, "updated_at": "2026-11-30T12:00:00.250Z", "version": 1}
            """
        let hero = try mapper.hero(from: Self.decode(HeroDTO.self, json))
        #expect(hero.sealedRealName == nil)
        #expect(hero.picture == nil)
        #expect(hero.team == nil)
        #expect(hero.updatedAt == Date(timeIntervalSince1970: 1_796_040_000.25))
    }

    @Test("every fixture hero of the mock server maps, in one valid page")
    func mapsFixtures() throws {
        let data = try Data(contentsOf: FixtureFiles.heroes)
        let dtos = try JSONDecoder().decode([HeroDTO].self, from: data)
        let page = try mapper.page(from: HeroPageDTO(items: dtos, page: 1, perPage: 100, total: dtos.count))
        #expect(page.items.count >= 40)
        #expect(Set(page.items.map(\.id)).count == page.items.count)
        #expect(Set(page.items.compactMap(\.team?.id)).count >= 5)
    }

    @Test(
        "a hero that breaks the contract is bad data naming the hero and the key",
        arguments: [
            (#""id": "../etc""#, "hero id '../etc' is not 1–64 of [A-Za-z0-9_-]"),
            (#""code_name": """#, "hero 0007: code_name must not be empty"),
            (#""powers": [""]"#, "hero 0007: powers entry 1 must be 1–120 characters"),
            (#""updated_at": "30/11/2026""#, "hero 0007: updated_at '30/11/2026' is not an RFC 3339 time"),
            (#""version": 0"#, "hero 0007: version 0 is below 1"),
        ]
    )
    func badHero(replacement: String, message: String) throws {
        let key = String(replacement.prefix { $0 != ":" })
        let pattern = try Regex(#"\#(key): ("[^"]*"|\[[^\]]*\]|\d+)"#)
        let json = Self.owl.replacing(pattern, maxReplacements: 1) { _ in replacement }
        let dto = try Self.decode(HeroDTO.self, json)
        #expect(throws: DomainError.badData(message)) { try mapper.hero(from: dto) }
    }

    @Test("a page out of range is bad data")
    func badPage() {
        #expect(throws: DomainError.self) {
            try mapper.page(from: HeroPageDTO(items: [], page: 0, perPage: 20, total: 0))
        }
    }

    @Test("a draft becomes the create/replace body with every key, nulls included")
    func encodesInput() throws {
        let draft = try HeroDraft(codeName: "Ember", powers: ["Fire"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(mapper.input(from: draft)), as: UTF8.self)
        #expect(json == #"{"code_name":"Ember","encrypted_real_name":null,"powers":["Fire"],"team_id":null}"#)

        let full = try HeroDraft(
            codeName: "Ember", teamID: Team.ID("dawn-guard"), sealedRealName: SealedSecret(base64: "c2Vh"))
        #expect(mapper.input(from: full).teamID == "dawn-guard")
        #expect(mapper.input(from: full).encryptedRealName == "c2Vh")
    }
}
