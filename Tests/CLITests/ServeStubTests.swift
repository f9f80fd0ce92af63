import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLITests {
    @Suite("serve --root-dir: WireMock stub mappings in the bundled server")
    struct ServeStubTests {
        /// A root directory whose one mapping is `text`.
        static func root(_ text: String) throws -> URL {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "serve-stubs-\(UUID().uuidString)")
            let mappings = root.appendingPathComponent("mappings")
            try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: mappings.appendingPathComponent("hero.json"))
            return root
        }

        @Test("a stub answers before the hero routes, and the app reads it through its own Network layer")
        func stubFirst() async throws {
            let fixtures = try #require(MockServerConfiguration.bundledFixtures)
            let heroes = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: fixtures.appendingPathComponent("heroes.json")))
                    as? [[String: Any]])
            var seven = try #require(heroes.first { $0["id"] as? String == "0007" })
            seven["code_name"] = "Stubbed Seven"
            let body = String(decoding: try JSONSerialization.data(withJSONObject: seven), as: UTF8.self)
            let root = try Self.root(
                #"{"request": {"method": "GET", "urlPath": "/v1/heroes/0007"}, "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "jsonBody": \#(body)}}"#
            )
            defer { try? FileManager.default.removeItem(at: root) }
            let cli = try CLI()
            let server = try ServerProcess(
                executable: try CLI.binary(), arguments: ["serve", "--port", "0", "--root-dir", root.path],
                cli: cli)
            let stubbed = try await CLI.editor(of: server.url).run("show", "0007", "--json")
            #expect(stubbed.status == 0, "\(stubbed)")
            #expect(try stubbed.json()["code_name"] as? String == "Stubbed Seven")
            let hero = try await CLI.editor(of: server.url).run("show", "0001", "--json")
            #expect(hero.status == 0, "\(hero)")
            #expect(try await server.stop(signal: SIGTERM) == 0)
        }

        @Test("a malformed mapping: one line naming the file, the JSON path and the reason, and 78")
        func malformed() async throws {
            let root = try Self.root(#"{"request": {"method": "GET", "headers": []}, "response": {}}"#)
            defer { try? FileManager.default.removeItem(at: root) }
            let run = try await CLI().run("serve", "--port", "0", "--root-dir", root.path)
            #expect(run.status == 78, "\(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
            #expect(
                run.stderr.contains(
                    "mappings/hero.json: $.request.headers: expected an object, found an array"),
                "\(run)")
        }
    }
}
