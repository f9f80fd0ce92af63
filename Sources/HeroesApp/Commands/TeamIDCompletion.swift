import Foundation

/// `heroes-cli __complete teams`, which the completion scripts call for `--team`'s values: the
/// team ids of the offline cache, one a line. It reads the cache only (the offline transport
/// refuses every request), creates no folder, and prints nothing, quietly, when there is no
/// cache or it cannot be read: a Tab press must never show an error.
@MainActor
struct TeamIDCompletion {
    let settings: Settings
    let environment: [String: String]
    let views: Views

    func run() async {
        var offline = settings
        offline.isOffline = true
        let folder = settings.cacheDirectory.appendingPathComponent(
            CacheFolder.name(for: settings.server), isDirectory: true)
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        do {
            let plist = try settings.configFile.map(AppPlist.file) ?? AppPlist.bundled()
            let session = try await AppSession.open(
                settings: offline, plist: plist, environment: environment, reportStorageProblem: { _ in })
            let teams = try? await session.graph.heroes.listTeams()
            await session.close()
            for team in teams?.value ?? [] { views.say(team.id.rawValue) }
        } catch {
            // Nothing to offer; the shell shows no candidates.
        }
    }
}
