import Foundation
import Network

/// The endpoints of `HeroService.plist`, typed, and the catalog that checks them at load.
public enum HeroAPI {
    /// Arguments: page, per_page, q, team.
    static let heroes = Endpoint<JSONValue>("heroes", arguments: 4)
    static let hero = Endpoint<JSONValue>("hero", arguments: 1)
    static let teams = Endpoint<JSONValue>("teams")
    /// With an optional `Idempotency-Key`.
    static let createHero = Endpoint<JSONValue>("createHero", arguments: 2)
    /// With an optional `If-Match`.
    static let replaceHero = Endpoint<JSONValue>("replaceHero", arguments: 2)
    static let deleteHero = Endpoint<NoContent>("deleteHero", arguments: 1)

    /// Streamed.
    static let picture = Endpoint<Data>("picture", arguments: 1)
    /// PNG bytes.
    static let putPicture = Endpoint<NoContent>("putPicture", arguments: 2)

    static let all: [any EndpointDeclaration] = [
        heroes, hero, teams, createHero, replaceHero, deleteHero, picture, putPicture,
    ]

    /// Loads and checks the bundled `HeroService.plist`.
    package static func catalog() throws -> ServiceCatalog {
        guard let url = Bundle.module.url(forResource: "HeroService", withExtension: "plist") else {
            throw NetworkError.invalidDescriptor(
                DescriptorError(
                    file: "HeroService.plist", endpoint: nil, key: nil, problem: "is not in the bundle"))
        }
        return try catalog(contentsOf: url)
    }

    /// Checks your own service plist against these endpoints.
    package static func catalog(contentsOf url: URL) throws -> ServiceCatalog {
        var registry = DescriptorRegistry()
        registry.register(serializer: JSONTreeSerializer(), as: "JSONTreeSerializer")
        registry.register(model: JSONValue.self, as: "JSONValue")
        return try ServiceCatalog(contentsOf: url, endpoints: all, registry: registry)
    }

    static let exampleIdempotencyKey = "\"8e03978e-40d5-43e8-bc93-6894a57f9324\""

    /// Without credentials; nothing is sent.
    package static func exampleCurlCommands(on service: WebService) throws -> [(
        endpoint: String, curl: String
    )] {
        let sample = HeroInputDTO(
            codeName: "Night Owl", encryptedRealName: nil, powers: ["Gliding"], teamID: "dawn-guard")
        let tag = RemoteHeroDataSource.entityTag(id: "0007", version: 3)
        return [
            ("heroes", try service.curlCommand(heroes, 1, 20, "owl", "dawn-guard")),
            ("hero", try service.curlCommand(hero, "0007")),
            ("teams", try service.curlCommand(teams)),
            ("createHero", try service.curlCommand(createHero, sample, Self.exampleIdempotencyKey)),
            ("replaceHero", try service.curlCommand(replaceHero, "0007", sample, ifMatch: tag)),
            ("deleteHero", try service.curlCommand(deleteHero, "0007", ifMatch: tag)),
            ("picture", try service.curlCommand(picture, "0007")),
            ("putPicture", try service.curlCommand(putPicture, "0007", Data([0x89, 0x50, 0x4E, 0x47]))),
        ]
    }
}
