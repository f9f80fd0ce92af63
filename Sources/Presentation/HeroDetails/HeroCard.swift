import Domain
import Foundation

/// The facts a details view collects until `endUpdates()`.
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

    /// The path resolved against `base`, or as the server gave it.
    func pictureURL(base: URL?) -> String? {
        guard let picture else { return nil }
        guard let base, let url = URL(string: picture.path, relativeTo: base) else { return picture.path }
        return url.absoluteString
    }
}
