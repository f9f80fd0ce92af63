import Data
import Domain
import Foundation

/// The pictures of an `--offline` run: nothing to send, so no service is built. An upload's file
/// is still checked first, as it is online.
struct OfflinePictureRepository: PictureRepository {
    let reason: String

    func download(
        pictureOf hero: Hero.ID, to destination: URL,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> PictureFile {
        throw DomainError.unavailable(reason)
    }

    func upload(
        _ file: URL, for hero: Hero.ID, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws {
        _ = try RemotePictureRepository.readPNG(at: file)
        throw DomainError.unavailable(reason)
    }
}
