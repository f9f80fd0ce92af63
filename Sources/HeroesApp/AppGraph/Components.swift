import Data
import Domain
import Network

/// What a use-case factory makes.
enum UseCases {
    case heroes(HeroUseCases)
    case pictures(PictureUseCases)
}

enum RepositoryComponent {
    case heroes(any HeroRepository)
    case pictures(any PictureRepository)
}

enum RemoteDataSourceComponent {
    case heroes(RemoteHeroDataSource)
    case services(ServiceDirectory)
}

/// Network services by the `propertyName` the plist gives them.
struct ServiceDirectory: Sendable {
    let services: [String: WebService]
}
