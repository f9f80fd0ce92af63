import Domain
import TestSupport
import Testing

@Suite("UpdateHero")
struct UpdateHeroTests {
    let repository = FakeHeroRepository()
    let cipher = FakeSecretIdentityCipher()
    var updateHero: UpdateHero { UpdateHero(heroes: repository, cipher: cipher) }

    @Test("an edit changes only what it names and guards the write with the version read")
    func keepsWhatIsNotNamed() async throws {
        let current = try Hero.sample(version: 3)
        repository.onHero.returns(Cached(current, isStale: false))
        repository.onReplace.answers { _ in try .sample(codeName: "Day Owl", version: 4) }

        let updated = try await updateHero(current.id, applying: HeroEdit(codeName: "Day Owl"))

        #expect(updated.version == 4)
        let draft = try HeroDraft(
            codeName: "Day Owl",
            powers: current.powers,
            teamID: current.team?.id,
            sealedRealName: current.sealedRealName
        )
        #expect(repository.calls == [.hero(current.id), .replace(current.id, draft, expectedVersion: 3)])
        #expect(cipher.calls.isEmpty)
    }

    @Test("an edit can set a new real name, clear the team and replace the powers")
    func setsAndClears() async throws {
        let current = try Hero.sample()
        repository.onHero.returns(Cached(current, isStale: false))
        repository.onReplace.answers { _ in current }
        cipher.onSeal.returns(SealedSecret(base64: "new"))

        _ = try await updateHero(
            current.id, applying: HeroEdit(powers: ["Flight"], team: .clear, realName: .set("Bo")))

        let draft = try HeroDraft(
            codeName: current.codeName,
            powers: ["Flight"],
            teamID: nil,
            sealedRealName: SealedSecret(base64: "new")
        )
        #expect(repository.calls.last == .replace(current.id, draft, expectedVersion: current.version))
        #expect(cipher.calls == [.seal("Bo")])
    }

    @Test("an edit can move the hero to another team and remove the real name")
    func movesTeamAndClearsRealName() async throws {
        let current = try Hero.sample()
        repository.onHero.returns(Cached(current, isStale: false))
        repository.onReplace.answers { _ in current }

        _ = try await updateHero(
            current.id, applying: HeroEdit(team: .set(Team.ID("night-shift")), realName: .clear))

        let draft = try HeroDraft(
            codeName: current.codeName, powers: current.powers, teamID: Team.ID("night-shift"))
        #expect(repository.calls.last == .replace(current.id, draft, expectedVersion: current.version))
    }

    @Test("an edit that names no change is refused before anything is read")
    func emptyEditIsRefused() async throws {
        await #expect(throws: DomainError.invalid([.edit: "names no change"])) {
            try await updateHero(try Hero.ID("0007"), applying: HeroEdit())
        }
        #expect(repository.calls.isEmpty)
    }

    @Test("an edit that breaks a rule is refused and nothing is written")
    func invalidEditIsRefused() async throws {
        repository.onHero.returns(Cached(try .sample(), isStale: false))
        await #expect(throws: DomainError.invalid([.powers: "entry 1 must be 1–120 characters"])) {
            try await updateHero(try Hero.ID("0007"), applying: HeroEdit(powers: [""]))
        }
        #expect(repository.calls.count == 1)
    }

    @Test("a hero changed by someone else since it was read surfaces as precondition failed")
    func concurrentChange() async throws {
        repository.onHero.returns(Cached(try .sample(), isStale: false))
        repository.onReplace.fails(with: DomainError.preconditionFailed)
        await #expect(throws: DomainError.preconditionFailed) {
            try await updateHero(try Hero.ID("0007"), applying: HeroEdit(codeName: "X"))
        }
    }

    @Test("editing a missing hero is not found, and nothing is written")
    func missingHero() async throws {
        repository.onHero.fails(with: DomainError.notFound("hero 0042"))
        await #expect(throws: DomainError.notFound("hero 0042")) {
            try await updateHero(try Hero.ID("0042"), applying: HeroEdit(codeName: "X"))
        }
        #expect(repository.calls == [.hero(try Hero.ID("0042"))])
    }
}
