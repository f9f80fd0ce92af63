/// The object graph the app plist describes: the managers the commands call, each built the
/// first time a command asks for it, so a command builds only what it runs (`show` no picture
/// manager; `--offline` no service, no service plist, no transport).
@MainActor
final class AppGraph {
    private let builder: GraphBuilder
    private let plist: PlistNode

    /// The deadline when no HeroManager service names one: the app plist's default, 15 s.
    nonisolated static let defaultCommandDeadline = Duration.seconds(15)

    /// The names the commands look managers up by.
    nonisolated static let heroManagerName = "HeroManager"
    nonisolated static let pictureManagerName = "PictureManager"

    /// Checks that `plist` names the commands' two managers; builds neither.
    init(builder: GraphBuilder, plist: PlistNode) throws(AppPlistError) {
        for name in [Self.heroManagerName, Self.pictureManagerName] where !plist.keys.contains(name) {
            throw plist.error("is missing; the commands need it", at: name)
        }
        self.builder = builder
        self.plist = plist
    }

    /// What has been built so far: the managers by name, the services and the service plists read.
    var built: (managers: Set<String>, services: Int, catalogs: Set<String>) {
        (builder.managersBuilt, builder.servicesBuilt.count, builder.catalogsRead)
    }

    /// The manager behind heroes' commands.
    var heroes: HeroManager {
        get throws { try builder.commandsHeroManager(in: plist) }
    }

    /// The manager behind pictures' commands.
    var pictures: PictureManager {
        get throws { try builder.commandsPictureManager(in: plist) }
    }

    /// The one deadline of a command that reads or writes one thing: the HeroManager service's
    /// `deadlineSeconds`. `sync` and pictures keep per-call deadlines.
    var commandDeadline: Duration {
        get throws {
            _ = try heroes
            return builder.commandDeadline ?? Self.defaultCommandDeadline
        }
    }
}
