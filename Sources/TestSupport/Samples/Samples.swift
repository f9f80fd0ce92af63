import Domain
import Foundation

extension Hero {
    /// Valid; override only what the test is about.
    public static func sample(
        id: String = "0007",
        codeName: String = "Night Owl",
        sealedRealName: SealedSecret? = SealedSecret(base64: "c2VhbGVk"),
        powers: [String] = ["Night vision", "Gliding"],
        picture: PictureReference? = PictureReference(path: "/v1/heroes/0007/picture"),
        team: Team? = .sample(),
        updatedAt: Date = Date(timeIntervalSince1970: 1_796_040_000),
        version: Int = 3,
        motto: String? = nil
    ) throws -> Hero {
        Hero(
            id: try Hero.ID(id),
            codeName: codeName,
            sealedRealName: sealedRealName,
            powers: powers,
            picture: picture,
            team: team,
            updatedAt: updatedAt,
            version: version,
            motto: motto
        )
    }
}

extension Team {
    public static func sample(id: String = "dawn-guard", name: String = "Dawn Guard") -> Team {
        Team(id: Team.ID(id), name: name)
    }
}

extension HeroPage {
    public static func sample(_ items: [Hero], page: Int = 1, perPage: Int = 20, total: Int? = nil)
        -> HeroPage
    {
        HeroPage(items: items, page: page, perPage: perPage, total: total ?? items.count)
    }
}
