import Data
import Domain
import Foundation
import TestSupport
import Testing

@Suite("AESGCMSecretIdentityCipher")
struct AESGCMSecretIdentityCipherTests {
    static let otherKey = Data(repeating: 7, count: 32).base64EncodedString()

    let demo = AESGCMSecretIdentityCipher(key: try? ClearanceKey(base64: FixtureFiles.demoKey))

    @Test("the demo key opens every sealed identity in the mock server's fixtures")
    func opensEveryFixture() throws {
        let sealed = try FixtureIdentities.load()
        #expect(sealed.count >= 30, "the fixtures should seal most heroes' identities")
        for (id, secret) in sealed {
            let name = demo.open(secret)
            #expect(name?.isEmpty == false, "hero \(id) did not open")
        }
    }

    @Test(
        "a sealed name opens to itself, in the wire form API.md gives",
        arguments: ["Ada Quill", "Zoë Ōkami 🦉", ""])
    func roundTrip(name: String) throws {
        let sealed = try demo.seal(name)
        let bytes = try #require(Data(base64Encoded: sealed.base64))
        #expect(bytes.count == 12 + name.utf8.count + 16)
        #expect(demo.open(sealed) == name)
    }

    @Test("each seal uses a fresh nonce, so the same name never seals the same way twice")
    func freshNonces() throws {
        #expect(try demo.seal("Ada Quill") != demo.seal("Ada Quill"))
    }

    @Test("the wrong key, no key or damaged data open to nothing rather than failing")
    func unopenable() throws {
        let sealed = try demo.seal("Ada Quill")
        #expect(AESGCMSecretIdentityCipher(key: try ClearanceKey(base64: Self.otherKey)).open(sealed) == nil)
        #expect(AESGCMSecretIdentityCipher(key: nil).open(sealed) == nil)

        var bytes = try #require(Data(base64Encoded: sealed.base64))
        bytes[14] ^= 0x01
        #expect(demo.open(SealedSecret(base64: bytes.base64EncodedString())) == nil)
        #expect(demo.open(SealedSecret(base64: "not base64!")) == nil)
        #expect(demo.open(SealedSecret(base64: Data(count: 27).base64EncodedString())) == nil)
    }

    @Test("sealing without a key is refused, naming the real name")
    func sealingNeedsKey() {
        #expect(throws: DomainError.invalid([.realName: "needs a clearance key to be sealed"])) {
            try AESGCMSecretIdentityCipher(key: nil).seal("Ada Quill")
        }
    }

    @Test(
        "a clearance key must be base64 of exactly 32 bytes",
        arguments: [
            ("***", [Field.clearanceKey: "is not base64"]),
            (Data(count: 31).base64EncodedString(), [Field.clearanceKey: "must be 32 bytes, not 31"]),
            (Data(count: 33).base64EncodedString(), [Field.clearanceKey: "must be 32 bytes, not 33"]),
        ]
    )
    func badKeys(text: String, expected: [Field: String]) {
        #expect(throws: DomainError.invalid(expected)) { try ClearanceKey(base64: text) }
    }

    @Test("GetRealName with the real cipher reveals with the demo key and is classified without it")
    func throughTheUseCase() throws {
        let (id, secret) = try #require(try FixtureIdentities.load().first)
        let hero = try Hero.sample(id: id, sealedRealName: secret)

        let revealed = GetRealName(cipher: demo)(hero)
        let withoutKey = GetRealName(cipher: AESGCMSecretIdentityCipher(key: nil))(hero)
        let wrongKey = GetRealName(
            cipher: AESGCMSecretIdentityCipher(key: try ClearanceKey(base64: Self.otherKey)))(hero)

        guard case .revealed(let name) = revealed else {
            Issue.record("expected a revealed name, got \(revealed)")
            return
        }
        #expect(!name.isEmpty)
        #expect(withoutKey == .classified)
        #expect(wrongKey == .classified)
    }
}

/// The sealed identities of the mock server's fixture heroes, read from the shared JSON file.
enum FixtureIdentities {
    private struct FixtureHero: Decodable {
        let id: String
        let encryptedRealName: String?
    }

    static func load() throws -> [(String, SealedSecret)] {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let heroes = try decoder.decode([FixtureHero].self, from: Data(contentsOf: FixtureFiles.heroes))
        return heroes.compactMap { hero in hero.encryptedRealName.map { (hero.id, SealedSecret(base64: $0)) }
        }
    }
}
