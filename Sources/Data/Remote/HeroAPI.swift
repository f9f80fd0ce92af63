import Foundation
import Network

/// The endpoints of `HeroService.plist`, typed, and the catalog that checks them at load.
public enum HeroAPI {
    /// `GET /v1/heroes`: page, per_page, q (nil for none), team (nil for none).
    static let heroes = Endpoint<HeroPageDTO>("heroes", arguments: 4)
    /// `GET /v1/heroes/{id}`.
    static let hero = Endpoint<HeroDTO>("hero", arguments: 1)
    /// `GET /v1/teams`.
    static let teams = Endpoint<TeamListDTO>("teams")
    /// `POST /v1/heroes` with a `HeroInputDTO`.
    static let createHero = Endpoint<HeroDTO>("createHero", arguments: 1)
    /// `PUT /v1/heroes/{id}` with a `HeroInputDTO` and an optional `If-Match`.
    static let replaceHero = Endpoint<HeroDTO>("replaceHero", arguments: 3)
    /// `DELETE /v1/heroes/{id}` with an optional `If-Match`.
    static let deleteHero = Endpoint<NoContent>("deleteHero", arguments: 2)

    /// `GET /v1/heroes/{id}/picture`, streamed to a file.
    static let picture = Endpoint<Data>("picture", arguments: 1)
    /// `PUT /v1/heroes/{id}/picture` with PNG bytes.
    static let putPicture = Endpoint<NoContent>("putPicture", arguments: 2)

    static let all: [any EndpointDeclaration] = [
        heroes, hero, teams, createHero, replaceHero, deleteHero, picture, putPicture,
    ]

    /// Loads and checks the bundled `HeroService.plist`; a bad descriptor fails here, at start.
    public static func catalog() throws -> ServiceCatalog {
        guard let url = Bundle.module.url(forResource: "HeroService", withExtension: "plist") else {
            throw NetworkError.invalidDescriptor(
                DescriptorError(
                    file: "HeroService.plist", endpoint: nil, key: nil, problem: "is not in the bundle"))
        }
        var registry = DescriptorRegistry()
        registry.register(model: HeroPageDTO.self, as: "HeroPageDTO")
        registry.register(model: HeroDTO.self, as: "HeroDTO")
        registry.register(model: TeamListDTO.self, as: "TeamListDTO")
        return try ServiceCatalog(contentsOf: url, endpoints: all, registry: registry)
    }
}
