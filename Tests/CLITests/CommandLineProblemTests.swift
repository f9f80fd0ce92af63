import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLITests {
    /// The command line and the app plist at their edges: each mistake is named, exits with its
    /// code, and never crashes.
    @Suite("Mistakes in the command line and the app plist")
    struct CommandLineProblemTests {
        @Test(
            "a misplaced, repeated, valueless or valued option is a usage error naming it",
            arguments: [
                (["--picture", "show", "0007"], "--picture belongs after the command `show`"),
                (["list", "--offline=yes"], "--offline takes no value"),
                (["list", "--page"], "--page N: the value is missing"),
                (["list", "--page", "1", "--page", "2"], "--page is given 2 times; give it once"),
            ])
        func optionMistakes(arguments: [String], message: String) async throws {
            let text = try await CLI().run(arguments)
            #expect(text.status == 64, "\(text)")
            #expect(text.stderr.contains("error: \(message) [usage]"), "\(text)")
            #expect(text.stderr.contains("USAGE: heroes-cli"), "the usage line follows")
            #expect(text.stdout.isEmpty)
            let json = try await CLI().run(["--json"] + arguments)
            #expect(json.status == 64, "\(json)")
            let error = try #require(try json.json()["error"] as? [String: Any], "\(json)")
            #expect(error["code"] as? String == "usage")
            #expect(error["message"] as? String == message)
        }

        @Test("after --, a word that looks like an option is the search text")
        func optionsEnd() async throws {
            let run = try await CLI().run("--json", "search", "--", "--help")
            #expect(run.status == 0, "\(run)")
            let json = try run.json()
            #expect(json["total"] as? Int == 0, "nobody is called --help: \(run)")
            #expect(!run.stdout.contains("USAGE"), "--help was not read as the option")
        }

        @Test(
            "a plist whose use cases or components do not fit is named with its key path",
            arguments: [
                (
                    "<string>basic</string>", "<string>digest</string>",
                    "networkServiceConfiguration.authentication: must be basic, token or none, not 'digest'"
                ),
                (
                    "<string>heroes-store</string>", "<string>../heroes-store</string>",
                    "HeroUseCases.repository.store.folder: must be a folder name inside the cache folder"
                ),
                (
                    "<string>JSONFileHeroStore</string>", "<string>PaperStore</string>",
                    "HeroUseCases.repository.store.className: unknown store class 'PaperStore'; known: JSONFileHeroStore"
                ),
                (
                    "<key>heroUseCases</key>\n        <string>HeroUseCases</string>",
                    "<key>heroUseCases</key>\n        <string>Nobody</string>",
                    "PictureUseCases.heroUseCases: names no use cases of this plist: 'Nobody'"
                ),
                (
                    "<string>RemoteHeroDataSource</string>", "<string>ServiceDirectory</string>",
                    "HeroUseCases.repository.remoteDataSource: must be a RemoteHeroDataSource"
                ),
                (
                    "<string>service</string>", "<string>other</string>",
                    "remoteDataSource.services: needs a service whose propertyName is `service`"
                ),
            ])
        func componentMistakes(original: String, replacement: String, expected: String) async throws {
            let run = try await Self.lint(replacing: original, with: replacement)
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr.contains("the app plist is wrong: Mine.plist: "), "\(run)")
            #expect(run.stderr.contains(expected), "\(run)")
        }

        @Test(
            "a file that is not a plist of use cases is refused as a whole",
            arguments: [
                ("not a property list", "is not a property list"),
                (
                    #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array/></plist>"#,
                    "the root must be a dictionary of use cases"
                ),
            ])
        func notAnAppPlist(contents: String, expected: String) async throws {
            let cli = try CLI()
            let file = cli.home.appendingPathComponent("Mine.plist")
            try contents.write(to: file, atomically: true, encoding: .utf8)
            let run = try await cli.run("lint", file.path)
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr.contains("Mine.plist: \(expected)"), "\(run)")
            #expect(run.stdout.isEmpty, "no curl line for a plist that does not load")
        }

        @Test("picture --output naming a folder fails and keeps the folder and what is in it")
        func pictureOntoAFolder() async throws {
            let cli = try CLI()
            let folder = cli.home.appendingPathComponent("pictures", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let kept = folder.appendingPathComponent("keep.txt")
            try Data("mine".utf8).write(to: kept)
            let run = try await cli.run("picture", "0007", "--output", folder.path)
            #expect(run.status != 0, "\(run)")
            #expect(run.stderr.contains("\(folder.path): it is a folder"), "\(run)")
            #expect(try Data(contentsOf: kept) == Data("mine".utf8), "the folder was not replaced")
        }

        @Test("a bundled server whose data folder cannot be made is unavailable, naming the folder")
        func demoDataFolderBlocked() async throws {
            let cli = try CLI()
            let blocker = cli.home.appendingPathComponent("not-a-folder")
            try Data("x".utf8).write(to: blocker)
            let run = try await cli.run("--json", "list", environment: ["XDG_DATA_HOME": blocker.path])
            #expect(run.status == 69, "\(run)")
            let error = try #require(try run.json()["error"] as? [String: Any], "\(run)")
            #expect(error["code"] as? String == "unavailable")
            let message = try #require(error["message"] as? String)
            #expect(
                message.hasPrefix("cannot create \(blocker.path)/heroes for the demo server's data"),
                "\(message)")
        }

        @Test("upload-picture of a missing or an oversized file is refused before anything is sent")
        func uploadRefusals() async throws {
            let cli = try CLI()
            let missing = cli.home.appendingPathComponent("none.png")
            let absent = try await cli.run("upload-picture", "0007", missing.path)
            #expect(absent.status == 64, "\(absent)")
            #expect(absent.stderr.contains("picture cannot be read at \(missing.path)"), "\(absent)")
            let big = cli.home.appendingPathComponent("big.png")
            try Data(count: 5 * 1024 * 1024 + 1).write(to: big)
            let oversized = try await cli.run("upload-picture", "0007", big.path)
            #expect(oversized.status == 64, "\(oversized)")
            #expect(
                oversized.stderr.contains("picture must be at most 5 MiB, not 5242881 bytes"), "\(oversized)")
        }

        @Test(
            "a cache whose writers' lock another process holds still answers reads; a write waits, then exits 73 naming the lock"
        )
        func cacheInUse() async throws {
            let cli = try CLI()
            let cache = cli.home.appendingPathComponent("cache-dir")
            let first = try await cli.run("--cache-dir", cache.path, "sync")
            #expect(first.status == 0, "\(first)")
            // The writers' lock is flock(2) on the store's folder.
            let lock = cache.appendingPathComponent("bundled-demo/heroes-store")
            let descriptor = open(lock.path, O_RDONLY | O_DIRECTORY)
            try #require(descriptor >= 0, "the first run made \(lock.path)")
            let read: CLI.Run
            let held: CLI.Run
            do {
                defer { close(descriptor) }
                try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
                read = try await cli.run("--offline", "--cache-dir", cache.path, "show", "0007")
                held = try await cli.run(
                    "--json", "--offline", "--cache-dir", cache.path, "update", "0007", "--power", "Waiting")
            }
            #expect(read.status == 0, "a reader takes no lock: \(read)")
            #expect(held.status == 73, "\(held)")
            let error = try #require(try held.json()["error"] as? [String: Any], "\(held)")
            #expect(error["code"] as? String == "cache")
            let message = try #require(error["message"] as? String)
            #expect(
                message.contains("\(lock.path) is held by another heroes-cli that is still writing"),
                "\(message)")
            let released = try await cli.run(
                "--offline", "--cache-dir", cache.path, "update", "0007", "--power", "Free")
            #expect(released.status == 0, "\(released)")
        }

        /// `heroes-cli lint` of the bundled plist with `original` replaced once by `replacement`.
        static func lint(replacing original: String, with replacement: String) async throws -> CLI.Run {
            let cli = try CLI()
            let file = cli.home.appendingPathComponent("Mine.plist")
            let text = try String(contentsOf: SourceTree.appPlist, encoding: .utf8)
            let range = try #require(text.range(of: original), "the bundled plist has \(original)")
            try text.replacingCharacters(in: range, with: replacement).write(
                to: file, atomically: true, encoding: .utf8)
            return try await cli.run("lint", file.path)
        }
    }
}
