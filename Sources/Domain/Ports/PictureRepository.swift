#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Moves pictures between the server and files with progress; throws `DomainError`.
public protocol PictureRepository: Sendable {
    /// Streams the hero's picture into `destination`.
    func download(
        pictureOf hero: Hero.ID,
        to destination: URL,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> PictureFile

    /// Sends the PNG at `file` as the hero's picture.
    func upload(
        _ file: URL,
        for hero: Hero.ID,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws
}
