import Data
import Foundation
import Network

/// `lint [FILE]`: builds the object graph of the app plist (the bundled one, or FILE) without
/// sending anything, which checks every class name, key and service plist it names, then prints
/// a curl line per endpoint of each service, as built before credentials are added.
@MainActor
struct LintCommand {
    let settings: Settings
    let views: Views

    func run(file: String?) throws {
        let plist = try file.map { try AppPlist.file(URL(fileURLWithPath: $0)) } ?? AppPlist.bundled()
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("heroes-lint-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let server = settings.server ?? URL(string: "http://127.0.0.1:8080") ?? scratch
        let environment = GraphEnvironment(
            serverURL: server,
            authentication: nil,
            clearanceKey: nil,
            cacheFolder: scratch,
            transports: AppTransports(refusing: .offline),
            plistFolder: plist.folder,
            reportStorageProblem: { _ in })
        let builder = GraphBuilder(environment: environment)
        _ = try builder.build(plist.root)
        let name = file.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "Heroes.plist (bundled)"
        views.say("\(name): ok, \(plist.root.keys.count) managers, \(builder.servicesBuilt.count) services")
        for (keyPath, service) in builder.servicesBuilt {
            views.say("")
            views.say("\(keyPath) (\(service.baseURL.absoluteString)):")
            for (endpoint, curl) in try HeroAPI.exampleCurlCommands(on: service) {
                views.say("  \(endpoint): \(curl)")
            }
        }
    }
}
