import Domain
import Foundation

/// Shows the result of moving a picture.
@MainActor
public protocol PictureView {
    /// Shows that hero `id`'s picture was saved to `file`.
    func showDownloaded(_ file: PictureFile, for id: Hero.ID)
    /// Shows that `file` became hero `id`'s picture.
    func showUploaded(_ file: URL, for id: Hero.ID)
}
