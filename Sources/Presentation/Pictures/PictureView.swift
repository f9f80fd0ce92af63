import Domain
import Foundation

/// Shows the result of moving a picture.
@MainActor
public protocol PictureView {
    func showDownloaded(_ file: PictureFile, for id: Hero.ID)
    func showUploaded(_ file: URL, for id: Hero.ID)
}
