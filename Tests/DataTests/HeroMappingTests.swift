import Data
import Domain
import Foundation
import Testing

@Suite("HeroMapping through the pipeline")
struct HeroMappingTests {
    static let owl = """
        {"id": "0007", "code_name": "Night Owl", "encrypted_real_name": "c2VhbGVk",
         "powers": ["Night vision", "Gliding"], "picture_url": "/v1/heroes/0007/picture",
         "team": {"id": "dawn-guard", "name": "Dawn Guard"}, "updated_at": "2026-11-30T12:00:00Z",
         "version": 3, "a_key_from_the_future": {"ignored": true}}
        """

    static func tree(_ json: String) throws -> JSONValue {
        try JSONTreeSerializer().decode(JSONValue.self, from: Data(json.utf8))
    }

    static func hero(_ json: String) throws -> Hero {
        let result = HeroMapping.pipeline.run(records: [try tree(json)], stored: [:])
        return try #require(result.items.first?.entity, "rejected: \(result.rejected)")
    }

    @Test("the API.md example hero maps to the entity, the team by Team's mapping, unknown keys ignored")
    func mapsExample() throws {
        let hero = try Self.hero(Self.owl)
        #expect(hero.id == (try Hero.ID("0007")))
        #expect(hero.codeName == "Night Owl")
        #expect(hero.sealedRealName == SealedSecret(base64: "c2VhbGVk"))
        #expect(hero.powers == ["Night vision", "Gliding"])
        #expect(hero.picture == PictureReference(path: "/v1/heroes/0007/picture"))
        #expect(hero.team == Team(id: Team.ID("dawn-guard"), name: "Dawn Guard"))
        #expect(hero.updatedAt == Date(timeIntervalSince1970: 1_796_040_000))
        #expect(hero.version == 3)
        #expect(!hero.isPending)
    }

    @Test(
        "a motto maps when sent; null or absent (the first contract's servers) is none; over 120 characters is refused"
    )
    func motto() throws {
        let said = Self.owl.replacingOccurrences(
            of: #""version": 3"#, with: #""version": 3, "motto": "Wait.""#)
        #expect(try Self.hero(said).motto == "Wait.")
        #expect(try Self.hero(Self.owl).motto == nil)
        let null = Self.owl.replacingOccurrences(of: #""version": 3"#, with: #""version": 3, "motto": null"#)
        #expect(try Self.hero(null).motto == nil)
        let long = Self.owl.replacingOccurrences(
            of: #""version": 3"#, with: #""version": 3, "motto": "\#(String(repeating: "o", count: 121))""#)
        let result = HeroMapping.pipeline.run(records: [try Self.tree(long)], stored: [:])
        #expect(result.rejected.map(\.reason) == ["motto is not 1–120 characters"])
    }

    @Test("nulls and missing optional keys map to nothing; fractional seconds are kept")
    func mapsNulls() throws {
        let hero = try Self.hero(
            """
            {"id": "x", "code_name": "X", "encrypted_real_name": null, "powers": [],
             "team": null, "updated_at": "2026-11-30T12:00:00.250Z", "version": 1}
            """)
        #expect(hero.sealedRealName == nil)
        #expect(hero.picture == nil)
        #expect(hero.team == nil)
        #expect(hero.updatedAt == Date(timeIntervalSince1970: 1_796_040_000.25))
    }

    @Test("every fixture hero of the mock server maps, none rejected")
    func mapsFixtures() throws {
        let body = try JSONTreeSerializer().decode(
            JSONValue.self, from: Data(contentsOf: FixtureFiles.heroes))
        let result = try HeroMapping.pipeline.run(body, stored: [:])
        #expect(result.rejected.isEmpty)
        #expect(result.items.count >= 40)
        #expect(Set(result.items.map(\.id)).count == result.items.count)
        #expect(Set(result.items.compactMap(\.entity.team?.id)).count >= 5)
        #expect(result.inserted.count == result.items.count)
    }

    @Test(
        "a record that breaks the contract is rejected with its id, index and reason; the rest of the page is kept",
        arguments: [
            (#""id": "../etc""#, "../etc", "id '../etc' is not 1–64 of [A-Za-z0-9_-]"),
            (#""code_name": """#, "0007", "code_name must not be empty"),
            (#""code_name": 7"#, "0007", "code_name is a number, not a string"),
            (#""powers": [""]"#, "0007", "powers entry 1 must be 1–120 characters"),
            (#""updated_at": "30/11/2026""#, "0007", "updated_at '30/11/2026' is not an RFC 3339 time"),
            (#""version": 0"#, "0007", "version 0 is below 1"),
            (#""encrypted_real_name": 7"#, "0007", "encrypted_real_name is a number, not a string"),
            (
                #""picture_url": "http://elsewhere/p.png""#, "0007",
                "picture_url 'http://elsewhere/p.png' is not a server path"
            ),
            (
                #""picture_url": "//evil.example/x.png""#, "0007",
                "picture_url '//evil.example/x.png' is not a server path"
            ),
        ]
    )
    func rejectsBadRecord(replacement: String, id: String, reason: String) throws {
        let key = String(replacement.prefix { $0 != ":" })
        let pattern = try Regex(#"\#(key): ("[^"]*"|\[[^\]]*\]|\d+)"#)
        let bad = Self.owl.replacing(pattern, maxReplacements: 1) { _ in replacement }
        let good = Self.owl.replacingOccurrences(of: "0007", with: "0008")
        let body = try Self.tree(#"{"items": [\#(good), \#(bad)], "page": 1, "per_page": 20, "total": 2}"#)
        let result = try HeroMapping.pipeline.run(body, stored: [:])
        #expect(result.items.map(\.id) == ["0008"])
        #expect(result.rejected == [RejectedRecord(id: id, index: 1, reason: reason)])
    }

    /// The damaged secrets of a page where 12 of 20 heroes once went missing: not base64, base64
    /// of fewer bytes than a 12-byte nonce and a 16-byte tag, and empty.
    static let damagedSecrets = [
        "%%% not base64 %%%", "c2VhbGVk", Data(count: 27).base64EncodedString(), "",
        "ju+83RnkZkUo2kY5On0NCE00EbJrAk04c04pyir29Cjswnx0Ojg",
    ]

    @Test(
        "a page whose secrets are damaged maps every hero, each keeping its secret as received, shown classified"
    )
    func keepsHeroesWithDamagedSecrets() throws {
        let (_, sealed) = try #require(try FixtureIdentities.load().first)
        let secrets = (0..<20).map { index in index < 12 ? Self.damagedSecrets[index % 5] : sealed.base64 }
        let records = try secrets.enumerated().map { index, secret in
            let id = String(format: "%04d", index + 1)
            let json = Self.owl.replacingOccurrences(of: "0007", with: id)
                .replacingOccurrences(of: "Night Owl", with: "Hero \(id)")
                .replacingOccurrences(of: #""c2VhbGVk""#, with: #""\#(secret)""#)
            return try Self.tree(json)
        }
        let body = JSONValue.object([
            "items": .array(records), "page": .integer(1), "per_page": .integer(20), "total": .integer(20),
        ])

        let result = try HeroMapping.pipeline.run(body, stored: [:])

        #expect(result.rejected.isEmpty)
        #expect(result.items.count == 20)
        let demo = AESGCMSecretIdentityCipher(
            key: try ClearanceKey(base64: FixtureFiles.demoKey))
        for (item, secret) in zip(result.items, secrets) {
            #expect(item.entity.sealedRealName == SealedSecret(base64: secret), "kept as received")
            let shown = GetRealName(cipher: demo)(item.entity)
            if secret == sealed.base64 {
                #expect(shown != .classified, "hero \(item.id): an intact secret still opens")
            } else {
                #expect(shown == .classified, "hero \(item.id): \(secret.debugDescription) cannot open")
            }
        }
    }

    @Test("a record without a readable id is rejected without one, and a repeated id is rejected as such")
    func rejectsIdlessAndRepeated() throws {
        let body = try Self.tree("[\(Self.owl), {\"code_name\": \"Nobody\"}, \(Self.owl)]")
        let result = try HeroMapping.pipeline.run(body, stored: [:])
        #expect(result.items.map(\.id) == ["0007"])
        #expect(
            result.rejected == [
                RejectedRecord(id: nil, index: 1, reason: "id is missing"),
                RejectedRecord(id: "0007", index: 2, reason: "repeats the id of record 0"),
            ])
    }

    @Test(
        "against stored records the change set says inserted, updated, unchanged and deleted; a rejected stored record is kept"
    )
    func changeSet() throws {
        let owl = try Self.tree(Self.owl)
        let changed = try Self.tree(Self.owl.replacingOccurrences(of: "0007", with: "0009"))
        // The store keeps entities, as the repository stores them.
        let hero = { (tree: JSONValue) throws in try HeroMapping.mapping.entity(from: tree) }
        let owlAs = { (id: String) throws in
            try Self.tree(Self.owl.replacingOccurrences(of: "0007", with: id))
        }
        let renamed = Self.owl.replacingOccurrences(of: "Night Owl", with: "Day Owl")
        let stored: [String: Hero] = [
            "0007": try hero(owl),
            "0009": try hero(try Self.tree(renamed.replacingOccurrences(of: "0007", with: "0009"))),
            "0010": try hero(try owlAs("0010")),
            "0011": try hero(try owlAs("0011")),
        ]
        let fresh = try Self.tree(Self.owl.replacingOccurrences(of: "0007", with: "0012"))
        let broken = try Self.tree(#"{"id": "0011", "code_name": ""}"#)
        let result = HeroMapping.pipeline.run(
            records: [owl, changed, fresh, broken], stored: stored, isComplete: true)
        #expect(result.unchanged == ["0007"])
        #expect(result.updated == ["0009"])
        #expect(result.inserted == ["0012"])
        #expect(result.deleted == ["0010"], "a rejected stored record (0011) is kept")
        #expect(result.rejected.map(\.id) == ["0011"])
        #expect(result.items.first { $0.id == "0009" }?.received == (try hero(changed)))
        #expect(changed[path: "a_key_from_the_future"] != nil, "a key the mapping does not name is ignored")
    }
}
