import Domain
import Presentation
import TestSupport
import Testing

@MainActor
@Suite("HeroEditorPresenter")
struct HeroEditorPresenterTests {
    let repository = FakeHeroRepository()
    let cipher = FakeSecretIdentityCipher()
    let view = SpyView()
    var presenter: HeroEditorPresenter {
        HeroEditorPresenter(
            createHero: CreateHero(heroes: repository, cipher: cipher),
            updateHero: UpdateHero(heroes: repository, cipher: cipher),
            getRealName: GetRealName(cipher: cipher)
        )
    }

    @Test("invalid input shows each field's problem, sorted by field, then the error goes on unchanged")
    func invalidCreate() async throws {
        let long = String(repeating: "x", count: 121)
        let error = DomainError.invalid([
            .codeName: "must not be empty", .powers: "entry 2 must be 1–120 characters",
        ])

        await #expect(throws: error) {
            try await presenter.create(with: view, codeName: "  ", powers: ["Flight", long])
        }

        #expect(repository.calls.isEmpty)
        #expect(
            view.events == [
                .problems([
                    FieldProblem(field: "codeName", message: "must not be empty"),
                    FieldProblem(field: "powers", message: "entry 2 must be 1–120 characters"),
                ])
            ])
        #expect(FieldProblem(field: "codeName", message: "").label == "code name")
    }

    @Test("the server's own validation errors are shown per field too")
    func serverInvalid() async throws {
        repository.onCreate.fails(with: DomainError.invalid([.team: "no such team"]))

        await #expect(throws: DomainError.invalid([.team: "no such team"])) {
            try await presenter.create(with: view, codeName: "Night Owl", team: Team.ID("nope"))
        }

        #expect(view.events == [.problems([FieldProblem(field: "team", message: "no such team")])])
    }

    @Test("a created hero is shown as saved, with the real name as typed")
    func created() async throws {
        let hero = try Heroes.nightOwl()
        repository.onCreate.returns(hero)
        cipher.onSeal.returns(SealedSecret(base64: "c2VhbGVk"))

        try await presenter.create(
            with: view, codeName: "Night Owl", powers: ["Night vision", "Gliding"],
            team: Team.ID("dawn-guard"),
            realName: " Ada Quill "
        )

        #expect(cipher.calls == [.seal("Ada Quill")])
        let draft = try HeroDraft(
            codeName: "Night Owl", powers: ["Night vision", "Gliding"], teamID: Team.ID("dawn-guard"),
            sealedRealName: SealedSecret(base64: "c2VhbGVk")
        )
        #expect(repository.calls == [.create(draft)])
        #expect(view.events == SpyView.card(hero, realName: .revealed("Ada Quill")))
    }

    @Test("a conflict shows nothing and is rethrown unchanged")
    func conflict() async throws {
        repository.onCreate.fails(with: DomainError.conflict("code name \"Night Owl\" is taken"))

        await #expect(throws: DomainError.conflict("code name \"Night Owl\" is taken")) {
            try await presenter.create(with: view, codeName: "Night Owl")
        }
        #expect(view.events.isEmpty)
    }

    @Test("an edit that keeps the real name reveals the saved one: one read, one write, no read after")
    func updateKeepsRealName() async throws {
        let before = try Heroes.nightOwl()
        let after = try Hero.sample(powers: ["Night vision"], version: 4)
        repository.onHero.returns(Cached(before, isStale: false))
        repository.onReplace.returns(after)
        cipher.onOpen.returns("Ada Quill")

        try await presenter.update(with: view, id: before.id, edit: HeroEdit(powers: ["Night vision"]))

        let draft = try HeroDraft(
            codeName: "Night Owl", powers: ["Night vision"], teamID: Team.ID("dawn-guard"),
            sealedRealName: before.sealedRealName
        )
        #expect(repository.calls == [.hero(before.id), .replace(before.id, draft, expectedVersion: 3)])
        #expect(
            cipher.calls == [.open(try #require(after.sealedRealName))], "the saved hero's name is opened")
        #expect(view.events == SpyView.card(after, realName: .revealed("Ada Quill")))
    }

    @Test("an edit that clears the real name shows it unrecorded without asking the cipher")
    func updateClearsRealName() async throws {
        let before = try Heroes.nightOwl()
        let after = try Hero.sample(sealedRealName: nil, version: 4)
        repository.onHero.returns(Cached(before, isStale: false))
        repository.onReplace.returns(after)

        try await presenter.update(with: view, id: before.id, edit: HeroEdit(realName: .clear))

        #expect(cipher.calls.isEmpty)
        #expect(view.events == SpyView.card(after, realName: .unrecorded))
    }

    @Test("a lost update is rethrown unchanged and shows nothing")
    func preconditionFailed() async throws {
        repository.onHero.returns(Cached(try Heroes.nightOwl(), isStale: false))
        repository.onReplace.fails(with: DomainError.preconditionFailed)

        await #expect(throws: DomainError.preconditionFailed) {
            try await presenter.update(with: view, id: try Hero.ID("0007"), edit: HeroEdit(codeName: "Owl"))
        }
        #expect(view.events.isEmpty)
    }

    @Test("an edit that names no change is shown as a problem with the edit")
    func emptyEdit() async throws {
        await #expect(throws: DomainError.invalid([.edit: "names no change"])) {
            try await presenter.update(with: view, id: try Hero.ID("0007"), edit: HeroEdit())
        }
        #expect(repository.calls.isEmpty)
        #expect(view.events == [.problems([FieldProblem(field: "edit", message: "names no change")])])
    }
}
