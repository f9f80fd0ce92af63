import Domain
import Foundation

/// A `PictureRepository` that answers as each test sets it up and records every call.
public final class FakePictureRepository: PictureRepository {
    /// A call the fake received, with its arguments.
    public enum Call: Sendable, Hashable {
        case download(Hero.ID, to: URL)
        case upload(URL, for: Hero.ID)
    }

    /// Reports progress to the caller of `download` or `upload`.
    public typealias ProgressSink = @Sendable (TransferProgress) -> Void

    /// Answers `download(_:to:progress:)`; the handler may report progress through the sink.
    public let onDownload = AsyncStub<(Hero.ID, URL, ProgressSink), PictureFile>(
        "PictureRepository.download(pictureOf:to:progress:)"
    )
    /// Answers `upload(_:for:progress:)`; the handler may report progress through the sink.
    public let onUpload = AsyncStub<(URL, Hero.ID, ProgressSink), Void>(
        "PictureRepository.upload(_:for:progress:)")

    private let log = CallLog<Call>()

    /// A fake with nothing set up: every call fails the test until its stub is given an answer.
    public init() {}

    /// Every call so far, oldest first.
    public var calls: [Call] { log.calls }

    /// Records the call, then answers with the stub `onDownload`.
    public func download(
        pictureOf hero: Hero.ID,
        to destination: URL,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> PictureFile {
        log.record(.download(hero, to: destination))
        return try await onDownload((hero, destination, progress))
    }

    /// Records the call, then answers with the stub `onUpload`.
    public func upload(
        _ file: URL,
        for hero: Hero.ID,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws {
        log.record(.upload(file, for: hero))
        try await onUpload((file, hero, progress))
    }
}
