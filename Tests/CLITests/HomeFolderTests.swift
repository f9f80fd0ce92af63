import Foundation
import Testing

extension CLITests {
    /// heroes-cli writes only in the XDG folders its README names: nothing of Foundation's own
    /// (its URL cache, its cookie folder) appears in a fresh HOME.
    @Suite("A fresh HOME: only the folders the README names")
    struct HomeFolderTests {
        /// Every folder and file under `root`, as paths relative to it.
        static func tree(_ root: URL) -> Set<String> {
            let prefix = root.resolvingSymlinksInPath().path + "/"
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            var paths: Set<String> = []
            while let url = enumerator?.nextObject() as? URL {
                paths.insert(String(url.resolvingSymlinksInPath().path.dropFirst(prefix.count)))
            }
            return paths
        }

        @Test("with HOME alone, a run on the network leaves only ~/.cache/heroes and ~/.local/share/heroes")
        func defaultFolders() async throws {
            try await withMockServer { server in
                var cli = try CLI()
                cli.environment["XDG_CACHE_HOME"] = nil
                cli.environment["XDG_DATA_HOME"] = nil
                #expect(try await cli.run("list", "--per-page", "2").status == 0, "the bundled server")
                #expect(try await cli.run("--server", server.baseURL.absoluteString, "teams").status == 0)
                let outside = Self.tree(cli.home).filter {
                    !($0.hasPrefix(".cache/heroes") || $0.hasPrefix(".local/share/heroes")
                        || [".cache", ".local", ".local/share"].contains($0))
                }
                #expect(outside.isEmpty, "made outside the named folders: \(outside.sorted())")
                #expect(Self.tree(cli.home).contains(".cache/heroes"))
                #expect(Self.tree(cli.home).contains(".local/share/heroes"))
            }
        }

        @Test("with XDG_CACHE_HOME and XDG_DATA_HOME set, only their heroes folders are made")
        func xdgFolders() async throws {
            try await withMockServer { server in
                let cli = try CLI()
                #expect(try await cli.run("--server", server.baseURL.absoluteString, "sync").status == 0)
                #expect(try await cli.run("show", "0007").status == 0)
                let made = Self.tree(cli.home).filter {
                    !$0.hasPrefix("cache/heroes") && !$0.hasPrefix("data/heroes")
                }
                #expect(made == ["cache", "data"], "\(made.sorted())")
            }
        }
    }
}
