import Domain
import Foundation

/// The facts of one hero as a details view collects them, until `endUpdates()`.
struct HeroCard {
    var id: Hero.ID?
    var realName: RealName = .unrecorded
    var codeName = ""
    var powers: [String] = []
    var team: Team?
    var picture: PictureReference?
    var updatedAt: Date?
    var version = 0
    var motto: String?
    var isStale = false
    var isPending = false

    /// The picture's address: its path resolved against `base`, or the path as the server gave it.
    func pictureURL(base: URL?) -> String? {
        guard let picture else { return nil }
        guard let base, let url = URL(string: picture.path, relativeTo: base) else { return picture.path }
        return url.absoluteString
    }
}
