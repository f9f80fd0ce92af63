import Foundation

/// `heroes-cli __complete teams`: the cached team ids, one a line. Cache only, no folder made,
/// and silent on any failure: a Tab press must never show an error.
@MainActor
struct TeamIDCompletion {
    let settings: Settings
    let environment: [String: String]
    let views: Views

    /// Whether `id` meets the contract's rule, `[A-Za-z0-9_-]{1,64}`: a shell is about to read it.
    static func isOffered(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }

    /// 1 MiB, about 3,000 heroes: a larger JSON store offers nothing rather than make a Tab wait.
    static let storeReadLimit = 1 << 20

    func run() async {
        var offline = settings
        offline.isOffline = true
        let folder = settings.cacheDirectory.appendingPathComponent(
            CacheFolder.name(for: settings.server), isDirectory: true)
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        do {
            let plist = try settings.configFile.map(AppPlist.file) ?? AppPlist.bundled()
            let session = try await AppSession.open(
                settings: offline, plist: plist, environment: environment,
                storeReadLimit: Self.storeReadLimit, reportStorageProblem: { _ in })
            let teams = try? await session.graph.heroes.listTeams()
            await session.close()
            for team in teams?.value ?? [] where Self.isOffered(team.id.rawValue) {
                views.say(team.id.rawValue)
            }
        } catch {
            // Nothing to offer; the shell shows no candidates.
        }
    }
}
