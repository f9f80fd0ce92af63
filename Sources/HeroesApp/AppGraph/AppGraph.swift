/// The object graph the app plist describes: the managers the commands call. Public for the fuzzer.
public struct AppGraph: Sendable {
    /// The manager behind heroes' commands.
    let heroes: HeroManager
    /// The manager behind pictures' commands.
    let pictures: PictureManager
    /// The one deadline of a command that reads or writes one thing: the HeroManager service's
    /// `deadlineSeconds`. `sync` and pictures keep per-call deadlines.
    let commandDeadline: Duration

    /// The deadline when no HeroManager service names one: the app plist's default, 15 s.
    static let defaultCommandDeadline = Duration.seconds(15)

    /// The names the commands look managers up by.
    static let heroManagerName = "HeroManager"
    static let pictureManagerName = "PictureManager"

    init(
        managers: [String: Manager], plist: PlistNode, commandDeadline: Duration = defaultCommandDeadline
    ) throws(AppPlistError) {
        guard case .heroes(let heroes) = managers[Self.heroManagerName] else {
            throw plist.error(
                "is missing or not a HeroManager; the hero commands need it", at: Self.heroManagerName)
        }
        guard case .pictures(let pictures) = managers[Self.pictureManagerName] else {
            throw plist.error(
                "is missing or not a PictureManager; the picture commands need it",
                at: Self.pictureManagerName)
        }
        self.heroes = heroes
        self.pictures = pictures
        self.commandDeadline = commandDeadline
    }
}
