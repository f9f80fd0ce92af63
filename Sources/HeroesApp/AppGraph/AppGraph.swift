/// The object graph the app plist describes, each set of use cases built when a command first
/// asks for it (`--offline` builds no service).
@MainActor
final class AppGraph {
    let builder: GraphBuilder
    private let plist: PlistNode

    /// Used when no hero service is built, as under `--offline`.
    nonisolated static let defaultCommandDeadline = Duration.seconds(15)

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

    var built: (useCases: Set<String>, services: Int, catalogs: Set<String>) {
        (builder.useCasesBuilt, builder.servicesBuilt.count, builder.catalogsRead)
    }

    var heroes: HeroUseCases {
        get throws { try builder.commandsHeroUseCases(in: plist) }
    }

    var pictures: PictureUseCases {
        get throws { try builder.commandsPictureUseCases(in: plist) }
    }

    /// The hero service's `deadlineSeconds`; `sync` and pictures keep per-call deadlines.
    var commandDeadline: Duration {
        get throws {
            _ = try heroes
            return builder.commandDeadline ?? Self.defaultCommandDeadline
        }
    }
}
