import Foundation
import MockServerKit
import Testing

extension CLITests {
    /// The promise of the `HeroStore` port, kept at the top: every command prints the same on
    /// the JSON-file store and on SQLite. Two CLIs, one per store, each with its own fresh mock
    /// server, run the same commands in the same order; what they print must match, once the
    /// server's address, the CLIs' homes and the servers' clocks are taken out.
    @Suite("Every command prints the same on both stores")
    struct StoreParityTests {
        /// One command for both CLIs, and the second CLI (on the same server) that changes a hero
        /// behind the first one's back, when it does.
        enum Step {
            case run([String])
            case elsewhere([String])
        }

        static let steps: [Step] = [
            .run(["list", "--per-page", "5"]),
            .run(["show", "0007"]),
            .run(["--json", "show", "0007"]),
            .run(["search", "wind"]),
            .run(["teams"]),
            .run(["--offline", "list", "--page", "2", "--per-page", "7"]),
            .run(["--offline", "show", "0003"]),
            .run(["sync"]),
            .run(["--offline", "list", "--page", "2", "--per-page", "7"]),
            .run(["--offline", "--json", "search", "wind"]),
            .run(["--offline", "list", "--team", "north-wind"]),
            .run(["--offline", "teams"]),
            .run(["--offline", "show", "0003"]),
            .run(["--offline", "create", "--code-name", "Zed Wren", "--power", "Flight"]),
            .run(["--offline", "--json", "show", "local.1"]),
            .run(["--offline", "update", "0007", "--power", "Offline power"]),
            .run(["--offline", "update", "0010", "--power", "Merged power"]),
            .elsewhere(["update", "0010", "--code-name", "Renamed Elsewhere"]),
            .run(["--offline", "delete", "0012"]),
            .run(["--offline", "list", "--per-page", "4"]),
            .run(["--offline", "--json", "list", "--per-page", "4"]),
            .run(["--offline", "search", "zed"]),
            .run(["--offline", "show", "0012"]),
            .run(["--json", "sync"]),
            .run(["--json", "show", "0010"]),
            .run(["list", "--per-page", "6"]),
            .run(["update", "0008", "--power", "Online power"]),
            .run(["create", "--code-name", "Online Wren"]),
            .run(["delete", "0009"]),
            .run(["--offline", "show", "0009"]),
            .run(["sync"]),
            .run(["--offline", "--json", "list", "--page", "3", "--per-page", "5"]),
            .run(["show", "0404"]),
        ]

        /// What a run printed, with what differs between two servers and two homes taken out.
        static func normalized(_ run: CLI.Run, server: URL, home: URL) -> String {
            var text = "\(run.status)\n\(run.stdout)\n\(run.stderr)"
            text = text.replacingOccurrences(of: server.absoluteString, with: "<server>")
            text = text.replacingOccurrences(of: "\(server.host ?? ""):\(server.port ?? 0)", with: "<server>")
            text = text.replacingOccurrences(of: home.path, with: "<home>")
            for pattern in [
                #"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?"#,
                #"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#,
                #"\d+(\.\d+)? ?ms"#,
            ] {
                text = text.replacingOccurrences(of: pattern, with: "<varies>", options: .regularExpression)
            }
            return text
        }

        @Test("list, show, search, teams, sync, offline edits, their merge and online writes print the same")
        func sameOutput() async throws {
            try await withMockServer { jsonServer in
                try await withMockServer { sqliteServer in
                    let stores = [(AppStore.jsonFiles, jsonServer), (AppStore.sqlite, sqliteServer)]
                    let clis = try stores.map { try CLI.editor(of: $0.1.baseURL, store: $0.0) }
                    let others = try stores.map { try CLI.editor(of: $0.1.baseURL, store: $0.0) }
                    for (number, step) in Self.steps.enumerated() {
                        var outputs: [String] = []
                        for index in 0..<2 {
                            let url = stores[index].1.baseURL
                            switch step {
                            case .run(let arguments):
                                let run = try await clis[index].run(arguments)
                                outputs.append(Self.normalized(run, server: url, home: clis[index].home))
                            case .elsewhere(let arguments):
                                let run = try await others[index].run(arguments)
                                #expect(run.status == 0, "\(run)")
                                outputs.append("")
                            }
                        }
                        #expect(outputs[0] == outputs[1], "step \(number): \(step)")
                    }
                    // The merge kept both edits: the other CLI's name and this one's power.
                    let merged = try await clis[1].run("--offline", "--json", "show", "0010")
                    #expect(try merged.json()["code_name"] as? String == "Renamed Elsewhere", "\(merged)")
                    #expect(try merged.json()["powers"] as? [String] == ["Merged power"], "\(merged)")
                    let folder = clis[1].home.appendingPathComponent("cache/heroes")
                    let hosts = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                    #expect(
                        hosts.contains {
                            FileManager.default.fileExists(
                                atPath: folder.appendingPathComponent("\($0)/heroes-sqlite/heroes.sqlite")
                                    .path)
                        }, "the SQLite CLI kept its cache in SQLite")
                }
            }
        }
    }
}
