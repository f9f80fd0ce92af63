import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLITests {
    /// Another local user plants a link where `picture` will write, in a folder both may write to
    /// (as `/tmp` is): heroes-cli follows it only where the kernel's `fs.protected_symlinks` would.
    @Suite("Links another user plants in a shared folder")
    struct SharedFolderLinkTests {
        static let canActAsNobody =
            getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

        /// A world-traversable folder holding the victim's file and a sticky, world-writable `shared/`.
        static func sharedFolder() throws -> (root: URL, shared: URL, victim: URL) {
            let root = FileManager.default.temporaryDirectory
                .appendingPathComponent("heroes-shared-\(UUID().uuidString)")
            let shared = root.appendingPathComponent("shared")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            #expect(chmod(root.path, 0o755) == 0)
            #expect(chmod(shared.path, 0o1777) == 0)
            let victim = root.appendingPathComponent("authorized_keys")
            try Data("ssh-ed25519 AAAA mine\n".utf8).write(to: victim)
            return (root, shared, victim)
        }

        /// Runs `ln -s target link` as `nobody`.
        static func plantLink(to target: String, at link: URL) throws {
            let process = try Process.run(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                arguments: [
                    "--reuid=nobody", "--regid=nogroup", "--clear-groups", "/bin/ln", "-s", target, link.path,
                ])
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "nobody planted the link")
        }

        @Test(
            "picture writes nothing through another user's link in a sticky folder, dangling or not: 73 naming it",
            .enabled(if: canActAsNobody, "needs root and setpriv, to plant the link as another user"),
            arguments: ["../authorized_keys", "../missing"])
        func plantedLink(target: String) async throws {
            let (root, shared, victim) = try Self.sharedFolder()
            defer { try? FileManager.default.removeItem(at: root) }
            let link = shared.appendingPathComponent("0007.png")
            try Self.plantLink(to: target, at: link)
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run(
                    "picture", "0007", "--output", link.path)
                #expect(run.status == 73, "\(run)")
                #expect(run.stderr.contains(link.path) && run.stderr.contains("link"), "\(run)")
            }
            #expect(try String(contentsOf: victim, encoding: .utf8) == "ssh-ed25519 AAAA mine\n")
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("missing").path))
            #expect(OutputDestinationTests.kind(link.path) == S_IFLNK, "the link is left as it was")
            #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path) == ["0007.png"])
        }

        @Test(
            "a link of the user's own in the sticky folder is followed: its target gets the picture",
            .enabled(if: canActAsNobody, "needs root, to own a sticky folder"))
        func ownLink() async throws {
            let (root, shared, victim) = try Self.sharedFolder()
            defer { try? FileManager.default.removeItem(at: root) }
            let link = shared.appendingPathComponent("0007.png")
            try FileManager.default.createSymbolicLink(
                atPath: link.path, withDestinationPath: "../authorized_keys")
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run(
                    "picture", "0007", "--output", link.path)
                #expect(run.status == 0, "\(run)")
            }
            #expect(try Data(contentsOf: victim) == (try fixturePicture("0007")))
            #expect(OutputDestinationTests.kind(link.path) == S_IFLNK)
        }
    }
}
