import Domain
import Foundation

/// Moves pictures, forwarding progress and finishing its line before the result.
@MainActor
public final class PicturePresenter {
    private let downloadPicture: DownloadPicture
    private let uploadPicture: UploadPicture

    public init(downloadPicture: DownloadPicture, uploadPicture: UploadPicture) {
        self.downloadPicture = downloadPicture
        self.uploadPicture = uploadPicture
    }

    /// Errors are rethrown.
    public func download(
        with view: any PictureView, progress: any TransferProgressView, id: Hero.ID, to destination: URL
    ) async throws {
        progress.begin("download \(id)")
        let file = try await finishing(progress) {
            try await downloadPicture(id, to: destination) { progress.report($0) }
        }
        view.showDownloaded(file, for: id)
    }

    /// Errors are rethrown.
    public func upload(
        with view: any PictureView, progress: any TransferProgressView, file: URL, for id: Hero.ID
    ) async throws {
        progress.begin("upload \(file.lastPathComponent)")
        try await finishing(progress) { try await uploadPicture(file, for: id) { progress.report($0) } }
        view.showUploaded(file, for: id)
    }

    private func finishing<Result>(
        _ progress: any TransferProgressView, _ transfer: () async throws -> Result
    ) async throws -> Result {
        do {
            let result = try await transfer()
            progress.finish()
            return result
        } catch {
            progress.finish()
            throw error
        }
    }
}
