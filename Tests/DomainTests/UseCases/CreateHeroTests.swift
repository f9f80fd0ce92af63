import Domain
import TestSupport
import Testing

@Suite("CreateHero")
struct CreateHeroTests {
    let repository = FakeHeroRepository()
    let cipher = FakeSecretIdentityCipher()
    var createHero: CreateHero { CreateHero(heroes: repository, cipher: cipher) }

    @Test("a new hero is sent as a checked draft with its real name sealed")
    func createsSealedDraft() async throws {
        let stored = try Hero.sample(id: "0042", codeName: "Ember")
        cipher.onSeal.answers { SealedSecret(base64: "sealed:\($0)") }
        repository.onCreate.returns(stored)

        let hero = try await createHero(
            codeName: " Ember ",
            powers: ["Fire"],
            team: Team.ID("dawn-guard"),
            realName: " Ada Quill "
        )

        #expect(hero == stored)
        #expect(cipher.calls == [.seal("Ada Quill")])
        let draft = try HeroDraft(
            codeName: "Ember",
            powers: ["Fire"],
            teamID: Team.ID("dawn-guard"),
            sealedRealName: SealedSecret(base64: "sealed:Ada Quill")
        )
        #expect(repository.calls == [.create(draft)])
    }

    @Test("a hero without a real name is created without asking the cipher")
    func createsWithoutRealName() async throws {
        repository.onCreate.returns(try .sample())
        _ = try await createHero(codeName: "Ember")
        #expect(cipher.calls.isEmpty)
        #expect(repository.calls == [.create(try HeroDraft(codeName: "Ember"))])
    }

    @Test("every bad field is named at once, and nothing is sent")
    func invalidInputNamesAllFields() async throws {
        cipher.onSeal.fails(with: DomainError.invalid([.realName: "needs a clearance key to be sealed"]))

        await #expect(
            throws: DomainError.invalid([
                .codeName: "must not be empty", .realName: "needs a clearance key to be sealed",
            ])
        ) {
            try await createHero(codeName: "", realName: "Ada")
        }
        #expect(repository.calls.isEmpty)
    }

    @Test("a blank real name is invalid rather than sealed")
    func blankRealName() async {
        await #expect(throws: DomainError.invalid([.realName: "must not be empty"])) {
            try await createHero(codeName: "Ember", realName: "  ")
        }
        #expect(cipher.calls.isEmpty)
    }

    @Test(
        "the repository's refusals come through unchanged",
        arguments: [
            DomainError.conflict("code name Ember is taken"), .unauthorized(realm: "heroes"), .forbidden,
            .unavailable("connection refused"),
        ]
    )
    func repositoryErrors(error: DomainError) async {
        repository.onCreate.fails(with: error)
        await #expect(throws: error) { try await createHero(codeName: "Ember") }
    }
}
