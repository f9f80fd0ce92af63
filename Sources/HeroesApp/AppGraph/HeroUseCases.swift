import Domain

/// The heroes' use cases over one repository and one cipher.
struct HeroUseCases: Sendable {
    let repository: any HeroRepository
    let cipher: any SecretIdentityCipher

    var listHeroes: ListHeroes { ListHeroes(heroes: repository) }
    var searchHeroes: SearchHeroes { SearchHeroes(heroes: repository) }
    var getHeroDetails: GetHeroDetails { GetHeroDetails(heroes: repository) }
    var getRealName: GetRealName { GetRealName(cipher: cipher) }
    var createHero: CreateHero { CreateHero(heroes: repository, cipher: cipher) }
    var updateHero: UpdateHero { UpdateHero(heroes: repository, cipher: cipher) }
    var deleteHero: DeleteHero { DeleteHero(heroes: repository) }
    var listTeams: ListTeams { ListTeams(heroes: repository) }
    func syncHeroes(until deadline: ContinuousClock.Instant? = nil) -> SyncHeroes {
        SyncHeroes(heroes: repository, until: deadline)
    }
}
