import Domain
import Foundation
import Testing

/// Answers as each test sets it up and records every call.
public final class FakePictureRepository: PictureRepository {
    public enum Call: Sendable, Hashable {
        case download(Hero.ID, to: URL)
        case upload(URL, for: Hero.ID)
    }

    public typealias ProgressSink = @Sendable (TransferProgress) -> Void

    /// Handlers may report progress through the sink.
    public let onDownload: Stub<(Hero.ID, URL, ProgressSink), PictureFile>
    public let onUpload: Stub<(URL, Hero.ID, ProgressSink), Void>

    private let log = CallLog<Call>()

    /// Every call fails the test at `sourceLocation` until stubbed.
    public init(sourceLocation: SourceLocation = #_sourceLocation) {
        onDownload = Stub(
            "PictureRepository.download(pictureOf:to:progress:)", sourceLocation: sourceLocation)
        onUpload = Stub("PictureRepository.upload(_:for:progress:)", sourceLocation: sourceLocation)
    }

    public var calls: [Call] { log.calls }

    public func download(
        pictureOf hero: Hero.ID,
        to destination: URL,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> PictureFile {
        log.record(.download(hero, to: destination))
        return try await onDownload((hero, destination, progress))
    }

    public func upload(
        _ file: URL,
        for hero: Hero.ID,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws {
        log.record(.upload(file, for: hero))
        try await onUpload((file, hero, progress))
    }
}
