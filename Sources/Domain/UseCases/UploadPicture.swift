#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Sets a hero's picture from a PNG file, with progress.
public struct UploadPicture: Sendable {
    let pictures: any PictureRepository

    public init(pictures: any PictureRepository) { self.pictures = pictures }

    /// Only a `.png` file is sent.
    public func callAsFunction(
        _ file: URL,
        for id: Hero.ID,
        progress: @escaping @Sendable (TransferProgress) -> Void = { _ in }
    ) async throws {
        guard file.pathExtension.lowercased() == "png" else {
            throw DomainError.invalid([.picture: "must be a PNG file (.png)"])
        }
        try await pictures.upload(file, for: id, progress: progress)
    }
}
