/// The object graph the app plist describes: the use cases the commands call, each built the
/// first time a command asks for it, so a command builds only what it runs (`show` no picture
/// use cases; `--offline` no service, no service plist, no transport).
@MainActor
final class AppGraph {
    private let builder: GraphBuilder
    private let plist: PlistNode

    /// The deadline when no HeroUseCases service names one: the app plist's default, 15 s.
    nonisolated static let defaultCommandDeadline = Duration.seconds(15)

    /// The names the commands look use cases up by.
    nonisolated static let heroUseCasesName = "HeroUseCases"
    nonisolated static let pictureUseCasesName = "PictureUseCases"

    /// Checks that `plist` names the commands' two sets of use cases; builds neither.
    init(builder: GraphBuilder, plist: PlistNode) throws(AppPlistError) {
        for name in [Self.heroUseCasesName, Self.pictureUseCasesName] where !plist.keys.contains(name) {
            throw plist.error("is missing; the commands need it", at: name)
        }
        self.builder = builder
        self.plist = plist
    }

    /// What has been built so far: the use-case sets by name, the services and the service plists read.
    var built: (useCases: Set<String>, services: Int, catalogs: Set<String>) {
        (builder.useCasesBuilt, builder.servicesBuilt.count, builder.catalogsRead)
    }

    /// The use cases behind heroes' commands.
    var heroes: HeroUseCases {
        get throws { try builder.commandsHeroUseCases(in: plist) }
    }

    /// The use cases behind pictures' commands.
    var pictures: PictureUseCases {
        get throws { try builder.commandsPictureUseCases(in: plist) }
    }

    /// The one deadline of a command that reads or writes one thing: the HeroUseCases service's
    /// `deadlineSeconds`. `sync` and pictures keep per-call deadlines.
    var commandDeadline: Duration {
        get throws {
            _ = try heroes
            return builder.commandDeadline ?? Self.defaultCommandDeadline
        }
    }
}
