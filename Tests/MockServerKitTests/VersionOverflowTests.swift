import Foundation
import MockServerKit
import Testing

/// Numbers from a state file never trap a write (issue 40, finding 1).
@Suite("Versions and ids at Int.max")
struct VersionOverflowTests {
    /// A state file of the fixtures with `edit` applied to each hero object.
    private func stateFile(in directory: URL, _ edit: (inout [String: Any]) -> Void) async throws -> URL {
        let state = directory.appendingPathComponent("state.json")
        try await withServer(.test { $0.stateFile = state }) { _, client async throws in
            #expect(try client.send("POST", "/v1/heroes", json: #"{"code_name":"Seed"}"#).status == 201)
        }
        var root = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: state)) as? [String: Any])
        var heroes = try #require(root["heroes"] as? [[String: Any]])
        for index in heroes.indices { edit(&heroes[index]) }
        root["heroes"] = heroes
        try JSONSerialization.data(withJSONObject: root).write(to: state)
        return state
    }

    @Test(
        "a hero one below Int.max takes one write, then answers 409 to replaces and uploads; the server lives"
    )
    func versionAtTheTop() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = try await stateFile(in: directory) { hero in
            if hero["id"] as? String == "0007" { hero["version"] = Int.max - 1 }
        }
        try await withServer(.test { $0.stateFile = state }) { _, client async throws in
            let first = try client.send("PUT", "/v1/heroes/0007", json: #"{"code_name":"Topmost"}"#)
            #expect(first.status == 200)
            #expect(first.json["version"] as? Int == Int.max)
            let second = try client.send("PUT", "/v1/heroes/0007", json: #"{"code_name":"Beyond"}"#)
            #expect(second.status == 409)
            let upload = try client.request(
                "PUT", "/v1/heroes/0007/picture",
                headers: [("Authorization", TestUsers.editorAuthorization), ("Content-Type", "image/png")],
                body: [0x89, 0x50, 0x4E, 0x47])
            #expect(upload.status == 409)
            #expect(try client.get("/health").status == 200)
            #expect(try client.get("/v1/heroes/0007").json["code_name"] as? String == "Topmost")
        }
        // What it saved at Int.max loads again.
        try await withServer(.test { $0.stateFile = state }) { _, client async throws in
            #expect(try client.get("/v1/heroes/0007").json["version"] as? Int == Int.max)
        }
    }

    @Test("a hero whose id is Int.max does not trap the next create")
    func idAtTheTop() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = try await stateFile(in: directory) { hero in
            if hero["id"] as? String == "0001" { hero["id"] = String(Int.max) }
        }
        try await withServer(.test { $0.stateFile = state }) { _, client async throws in
            let created = try client.send("POST", "/v1/heroes", json: #"{"code_name":"Newcomer"}"#)
            #expect(created.status == 201)
            #expect(created.json["id"] as? String == "0001")
            #expect(try client.get("/health").status == 200)
        }
    }
}
