#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Saves a hero's picture to a file, with progress.
public struct DownloadPicture: Sendable {
    let heroes: any HeroRepository
    let pictures: any PictureRepository

    public init(heroes: any HeroRepository, pictures: any PictureRepository) {
        self.heroes = heroes
        self.pictures = pictures
    }

    /// `DomainError.notFound` when the hero has no picture.
    public func callAsFunction(
        _ id: Hero.ID,
        to destination: URL,
        progress: @escaping @Sendable (TransferProgress) -> Void = { _ in }
    ) async throws -> PictureFile {
        let hero = try await heroes.hero(id).value
        guard hero.picture != nil else { throw DomainError.notFound("hero \(id) has no picture") }
        return try await pictures.download(pictureOf: id, to: destination, progress: progress)
    }
}
