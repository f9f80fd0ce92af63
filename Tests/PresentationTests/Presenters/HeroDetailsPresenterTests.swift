import Domain
import Presentation
import TestSupport
import Testing

@MainActor
@Suite("HeroDetailsPresenter")
struct HeroDetailsPresenterTests {
    let repository = FakeHeroRepository()
    let cipher = FakeSecretIdentityCipher()
    let view = SpyView()
    var presenter: HeroDetailsPresenter {
        HeroDetailsPresenter(
            getHeroDetails: GetHeroDetails(heroes: repository),
            getRealName: GetRealName(cipher: cipher)
        )
    }

    @Test("activate(with:) reads the hero once, reveals the real name of that read, and shows every fact")
    func revealed() async throws {
        let hero = try Heroes.nightOwl()
        repository.onHero.returns(Cached(hero, isStale: false))
        cipher.onOpen.returns("Ada Quill")

        try await presenter.activate(with: view, id: hero.id)

        #expect(repository.calls == [.hero(hero.id)], "one read: the real name is opened from it")
        #expect(cipher.calls == [.open(SealedSecret(base64: "c2VhbGVk"))])
        #expect(view.events == SpyView.card(hero, realName: .revealed("Ada Quill")))
    }

    @Test("without the key the name is classified, and a stale copy is marked stale")
    func classifiedAndStale() async throws {
        let hero = try Heroes.nightOwl()
        repository.onHero.returns(Cached(hero, isStale: true))
        cipher.onOpen.returns(nil)

        try await presenter.activate(with: view, id: hero.id)

        #expect(repository.calls == [.hero(hero.id)])
        #expect(view.events == SpyView.card(hero, realName: .classified, isStale: true))
    }

    @Test("a hero without a secret identity shows it unrecorded, and the cipher is not asked")
    func unrecorded() async throws {
        let hero = try Heroes.tokyo()
        repository.onHero.returns(Cached(hero, isStale: false))

        try await presenter.activate(with: view, id: hero.id)

        #expect(cipher.calls.isEmpty)
        #expect(view.events == SpyView.card(hero, realName: .unrecorded))
    }

    @Test("a missing hero shows nothing and the error is rethrown unchanged")
    func notFound() async throws {
        repository.onHero.fails(with: DomainError.notFound("hero 0042"))
        let id = try Hero.ID("0042")

        await #expect(throws: DomainError.notFound("hero 0042")) {
            try await presenter.activate(with: view, id: id)
        }

        #expect(repository.calls == [.hero(id)])
        #expect(view.events.isEmpty)
    }
}
