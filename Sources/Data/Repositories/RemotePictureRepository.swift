import Domain
import Foundation
import Network

/// The `PictureRepository` over the Heroes API: streamed downloads, uploads checked before sending.
public final class RemotePictureRepository: PictureRepository {
    public static let maximumUploadBytes = 5 * 1024 * 1024
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private let service: WebService
    private let policy: CachePolicy

    /// Under `.cacheOnly`, nothing is sent.
    package init(service: WebService, policy: CachePolicy = .networkFirst) {
        self.service = service
        self.policy = policy
    }

    /// A local failure is a `LocalFileError`.
    public func download(
        pictureOf hero: Hero.ID,
        to destination: URL,
        progress: @escaping @Sendable (Domain.TransferProgress) -> Void
    ) async throws -> PictureFile {
        if case .cacheOnly(let reason) = policy { throw DomainError.unavailable(reason) }
        let report: ProgressHandler = { report in
            guard report.direction == .download else { return }
            progress(TransferProgress(completedBytes: report.completedBytes, totalBytes: report.totalBytes))
        }
        let notPNG = DomainError.badData("the picture of hero \(hero) is not a PNG image")
        let target = try PictureTarget.open(destination)
        let sink = PNGCheckingSink(target.sink, path: destination.path, notPNG: notPNG)
        let reply: Reply<Int64>
        do {
            reply = try await DomainErrorMapping.mappingErrors(notFound: "the picture of hero \(hero)") {
                do {
                    return try await service.stream(
                        HeroAPI.picture, hero.rawValue, into: sink, progress: report)
                } catch let error as NetworkError where error.isLocalFileFailure {
                    throw sink.failure ?? error
                }
            }
        } catch DomainError.unauthorized {
            // The contract serves pictures to anyone: an editor account is not the fix.
            throw DomainError.badData(
                "the server asked for credentials to read a picture, which the contract does not")
        }
        guard case .content(let count) = reply.outcome, count > 0 else {
            throw DomainError.badData("the picture came back with status \(reply.status) and no body")
        }
        // A body that is not a PNG never replaces the file at `destination`.
        guard sink.passed else { throw notPNG }
        try target.commit()
        return PictureFile(location: destination, byteCount: count)
    }

    /// Fails as `download` would on an unwritable destination, before anything is sent; a FIFO or
    /// device is left unopened, so its reader sees no early end.
    public static func checkDestination(_ destination: URL) throws(LocalFileError) {
        var status = stat()
        if stat(destination.path, &status) == 0, [S_IFIFO, S_IFCHR].contains(status.st_mode & S_IFMT) {
            return
        }
        _ = try PictureTarget.open(destination)
    }

    /// A missing, oversized or non-PNG file is refused before sending.
    public func upload(
        _ file: URL,
        for hero: Hero.ID,
        progress: @escaping @Sendable (Domain.TransferProgress) -> Void
    ) async throws {
        let bytes = try Self.readPNG(at: file)
        if case .cacheOnly(let reason) = policy { throw DomainError.unavailable(reason) }
        _ = try await DomainErrorMapping.mappingErrors(notFound: "hero \(hero)") {
            try await service.call(HeroAPI.putPicture, hero.rawValue, bytes) { report in
                guard report.direction == .upload else { return }
                progress(
                    TransferProgress(completedBytes: report.completedBytes, totalBytes: report.totalBytes))
            }
        }
    }

    /// The PNG at `file`, checked as an upload is before a byte is sent: `DomainError.invalid`
    /// when it cannot be read, is over 5 MiB or is not a PNG.
    public static func readPNG(at file: URL) throws -> Data {
        let unreadable = DomainError.invalid([.picture: "cannot be read at \(file.path)"])
        let tooLarge = { (size: Int) in
            DomainError.invalid([.picture: "must be at most 5 MiB, not \(size) bytes"])
        }
        // The size first, so a huge file is refused unread; then again, in case it grew.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else {
            throw unreadable
        }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > maximumUploadBytes {
            throw tooLarge(size)
        }
        guard let data = try? Data(contentsOf: file) else { throw unreadable }
        guard data.count <= maximumUploadBytes else { throw tooLarge(data.count) }
        guard data.starts(with: pngSignature) else {
            throw DomainError.invalid([.picture: "is not a PNG image"])
        }
        return data
    }
}
