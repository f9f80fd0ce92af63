import Data
import Foundation
import Network

/// `lint [FILE]`: builds the app plist's graph without sending anything, then prints a curl
/// line per endpoint.
@MainActor
struct LintCommand {
    let settings: Settings
    let views: Views

    func run(file: String?) throws {
        guard let file else {
            for (index, name) in AppPlist.bundledNames.enumerated() {
                if index > 0 { views.say("") }
                try lint(try AppPlist.bundled(name), named: "\(name).plist (bundled)")
            }
            return
        }
        try lint(
            try AppPlist.file(URL(fileURLWithPath: file)), named: URL(fileURLWithPath: file).lastPathComponent
        )
    }

    private func lint(_ plist: AppPlist, named name: String) throws {
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
        try builder.buildAllUseCases(plist.root)
        views.say(
            "\(name): ok, \(plist.root.keys.count) use-case sets, \(builder.servicesBuilt.count) services")
        for (keyPath, service) in builder.servicesBuilt {
            views.say("")
            views.say("\(keyPath) (\(service.baseURL.absoluteString)):")
            for (endpoint, curl) in try HeroAPI.exampleCurlCommands(on: service) {
                views.say("  \(endpoint): \(curl)")
            }
        }
    }
}
