import Foundation
import Network
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `MockServer/Examples/heroes-recorded`, made by `Scripts/record-example.sh` from a running
/// mock-server: replayed to the Network layer with no origin running, and checked by
/// `mock-server verify` against a live origin, which reports drift when a stub's shape differs.
@Suite("The hero API recorded from mock-server: replayed to the Network layer, verified against the origin")
struct RecordedHeroesTests {
    struct Team: Codable, Sendable, Equatable {
        var id: String
        var name: String
    }

    struct Hero: Codable, Sendable, Equatable {
        var id: String
        var codeName: String
        var encryptedRealName: String?
        var powers: [String]
        var pictureUrl: String?
        var team: Team?
        var updatedAt: String
        var version: Int
    }

    struct HeroPage: Codable, Sendable {
        var items: [Hero]
        var page: Int
        var perPage: Int
        var total: Int
    }

    struct TeamList: Codable, Sendable { var items: [Team] }

    static let page = Endpoint<HeroPage>("page", arguments: 2)
    static let search = Endpoint<HeroPage>("search", arguments: 1)
    static let hero = Endpoint<Hero>("hero", arguments: 1)
    static let picture = Endpoint<Data>("picture", arguments: 1)
    static let teams = Endpoint<TeamList>("teams")

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>page</key><dict>
            <key>request</key><dict><key>path</key><string>/v1/heroes?page=%0&amp;per_page=%1</string></dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>JSON</string><key>serializedObject</key><string>HeroPage</string>
            </dict>
          </dict>
          <key>search</key><dict>
            <key>request</key><dict><key>path</key><string>/v1/heroes?q=%0</string></dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>JSON</string><key>serializedObject</key><string>HeroPage</string>
            </dict>
          </dict>
          <key>hero</key><dict>
            <key>request</key><dict><key>path</key><string>/v1/heroes/%0</string></dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>JSON</string><key>serializedObject</key><string>Hero</string>
            </dict>
          </dict>
          <key>picture</key><dict>
            <key>request</key><dict><key>path</key><string>/v1/heroes/%0/picture</string></dict>
          </dict>
          <key>teams</key><dict>
            <key>request</key><dict><key>path</key><string>/v1/teams</string></dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>JSON</string><key>serializedObject</key><string>TeamList</string>
            </dict>
          </dict>
        </dict></plist>
        """

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `MockServer/Examples/heroes-recorded` in this checkout, or in a copy made by the recipe.
    static var rootDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "MockServer/Examples/heroes-recorded", isDirectory: true)
    }

    /// A running `mock-server` with `arguments` after `--port 0`, and its base URL.
    static func launch(_ arguments: [String]) async throws -> (Process, URL) {
        let process = Process()
        process.executableURL = try ToDoAPITests.binary()
        process.arguments = ["--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        do {
            return (process, try await ToDoAPITests.listeningURL(output.fileHandleForReading))
        } catch {
            stop(process)
            throw error
        }
    }

    static func stop(_ process: Process) {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Runs `mock-server` with `arguments` to its end: its exit status and standard output,
    /// read off a plain thread.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try ToDoAPITests.binary()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return await withCheckedContinuation { continuation in
            Thread {
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationStatus, text))
            }.start()
        }
    }

    /// Each recorded mapping's file name and URL, from the folder itself.
    static func recordedRequests(in root: URL) throws -> [(file: String, url: String)] {
        let folder = root.appendingPathComponent("mappings", isDirectory: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".json")
        }
        return try names.sorted().map { name in
            let mapping = try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent(name)))
            let request = (mapping as? [String: Any])?["request"] as? [String: Any]
            return (name, try #require(request?["url"] as? String, "\(name) has no request url"))
        }
    }

    @Test("replayed with no origin: a page, a search, a hero, its PNG, the teams, the recorded 404")
    func replay() async throws {
        let (process, baseURL) = try await Self.launch(["--root-dir", Self.rootDirectory.path, "--no-heroes"])
        defer { Self.stop(process) }

        var registry = DescriptorRegistry()
        registry.register(serializer: JSONSerializer(keys: .snakeCase), as: "JSON")
        registry.register(model: HeroPage.self, as: "HeroPage")
        registry.register(model: Hero.self, as: "Hero")
        registry.register(model: TeamList.self, as: "TeamList")
        let catalog = try ServiceCatalog(
            plist: Data(Self.plist.utf8), fileName: "RecordedHeroes.plist",
            endpoints: [Self.page, Self.search, Self.hero, Self.picture, Self.teams], registry: registry)
        let service = WebService(
            baseURL: baseURL, catalog: catalog, transport: ToDoAPITests.makeTransport(),
            deadline: ToDoAPITests.deadline)

        let first = try await service.call(Self.page, 1, 5)
        #expect(first.status == 200)
        #expect(first.entityTag?.hasPrefix("\"page-") == true)
        let page = try #require(first.content)
        #expect((page.page, page.perPage, page.total, page.items.count) == (1, 5, 44, 5))
        #expect(page.items.first?.codeName == "Aurora Thistle")

        let found = try #require(try await service.call(Self.search, "tide").content)
        #expect(found.items.map(\.codeName) == ["Riptide Nell", "Tidewarden"])
        #expect(found.total == 2)

        let hero = try await service.call(Self.hero, "0007")
        #expect(hero.entityTag == "\"0007-2\"")
        #expect(
            hero.content
                == Hero(
                    id: "0007", codeName: "quillfeather",
                    encryptedRealName: "RWipIw9gWCdlZt+7XDjQqLfaLChqjQF4iPrXqby65TYpbpJ9Vh6dYw==",
                    powers: ["Origami constructs", "Paper flight"], pictureUrl: "/v1/heroes/0007/picture",
                    team: Team(id: "paper-moths", name: "Paper Moths"), updatedAt: "2026-11-08T15:49:00Z",
                    version: 2))

        let picture = try await service.call(Self.picture, "0007")
        #expect(picture.headers["Content-Type"] == "image/png")
        let bytes = try #require(picture.content)
        #expect(bytes.count > 1000)
        #expect(Array(bytes.prefix(8)) == Self.pngSignature)

        let teams = try #require(try await service.call(Self.teams).content)
        #expect(teams.items.count == 6)
        #expect(teams.items.first == Team(id: "dawn-guard", name: "Dawn Guard"))

        await #expect {
            try await service.call(Self.hero, "9999")
        } throws: { error in
            guard case NetworkError.unacceptableStatus(let code, _, let excerpt) = error else { return false }
            return code == 404 && excerpt.contains("\"not_found\"") && excerpt.contains("9999")
        }
        // Not recorded, and no hero routes behind the stubs: the stubs' own 404, not the API's.
        await #expect {
            try await service.call(Self.hero, "0001")
        } throws: { error in
            guard case NetworkError.unacceptableStatus(let code, _, let excerpt) = error else { return false }
            return code == 404 && excerpt.contains("No stub matches")
        }
    }

    @Test("verify against a live origin: ok for every recorded GET, exit 0")
    func verifyAgainstOrigin() async throws {
        let (origin, originURL) = try await Self.launch([])
        defer { Self.stop(origin) }
        let recorded = try Self.recordedRequests(in: Self.rootDirectory)
        try #require(recorded.count >= 6)

        let (status, output) = try await Self.run([
            "verify", "--root-dir", Self.rootDirectory.path, "--against", originURL.absoluteString,
        ])
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        for (file, url) in recorded {
            #expect(
                lines.contains { $0 == "ok \(file) GET \(url)" || $0.hasPrefix("ok \(file) GET \(url):") },
                "\(output)")
        }
        #expect(lines.last == "\(recorded.count) ok, 0 drift, 0 skipped")
    }

    @Test("verify reports drift, exit 1, when a recorded member's type differs from the origin's")
    func verifyReportsDrift() async throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
            "heroes-recorded-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.copyItem(at: Self.rootDirectory, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        // The hero's `version`, a number at the origin, made a string in the copy's stub.
        let (file, _) = try #require(
            try Self.recordedRequests(in: copy).first { $0.url == "/v1/heroes/0007" })
        let mapping = copy.appendingPathComponent("mappings/\(file)")
        let text = try String(contentsOf: mapping, encoding: .utf8)
        let changed = text.replacingOccurrences(of: #"\"version\":2"#, with: #"\"version\":\"2\""#)
        try #require(changed != text)
        try changed.write(to: mapping, atomically: true, encoding: .utf8)

        let (origin, originURL) = try await Self.launch([])
        defer { Self.stop(origin) }
        let (status, output) = try await Self.run([
            "verify", "--root-dir", copy.path, "--against", originURL.absoluteString,
        ])
        #expect(status == 1, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        let drift = try #require(lines.firstIndex(of: "drift \(file) GET /v1/heroes/0007"), "\(output)")
        #expect(lines.dropFirst(drift + 1).first == "  - $.version: expected string, got number")
        #expect(lines.last?.hasSuffix(" ok, 1 drift, 0 skipped") == true)
    }
}
