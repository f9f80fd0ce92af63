import Domain
import TestSupport
import Testing

@Suite("GetRealName")
struct GetRealNameTests {
    let repository = FakeHeroRepository()
    let cipher = FakeSecretIdentityCipher()
    var getRealName: GetRealName { GetRealName(heroes: repository, cipher: cipher) }

    @Test("the right key reveals the real name")
    func rightKeyReveals() async throws {
        let hero = try Hero.sample(sealedRealName: SealedSecret(base64: "sealed-ada"))
        repository.onHero.returns(Cached(hero, isStale: false))
        cipher.onOpen.answers { $0.base64 == "sealed-ada" ? "Ada Quill" : nil }

        #expect(try await getRealName(hero.id) == .revealed("Ada Quill"))
        #expect(cipher.calls == [.open(SealedSecret(base64: "sealed-ada"))])
    }

    @Test("no key or the wrong key is classified, never an error")
    func wrongKeyIsClassified() async throws {
        let hero = try Hero.sample()
        repository.onHero.returns(Cached(hero, isStale: true))
        cipher.onOpen.returns(nil)

        #expect(try await getRealName(hero.id) == .classified)
    }

    @Test("a hero with no secret identity is unrecorded, and the cipher is not asked")
    func noSecretIsUnrecorded() async throws {
        let hero = try Hero.sample(sealedRealName: nil)
        repository.onHero.returns(Cached(hero, isStale: false))

        #expect(try await getRealName(hero.id) == .unrecorded)
        #expect(cipher.calls.isEmpty)
    }

    @Test("a missing hero is still an error: classified is only about the key")
    func missingHeroFails() async throws {
        repository.onHero.fails(with: DomainError.notFound("hero 0042"))
        await #expect(throws: DomainError.notFound("hero 0042")) {
            try await getRealName(try Hero.ID("0042"))
        }
    }
}
