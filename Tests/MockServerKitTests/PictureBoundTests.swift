import Foundation
import MockServerKit
import Testing

/// Issue 40, finding 3: pictures and heroes are bounded, and pictures stay out of the state
/// file's rewrite.
@Suite("Picture and hero bounds")
struct PictureBoundTests {
    static func upload(_ client: TestClient, _ id: String, _ bytes: [UInt8]) throws -> WireResponse {
        try client.request(
            "PUT", "/v1/heroes/\(id)/picture",
            headers: [("Authorization", TestUsers.editorAuthorization), ("Content-Type", "image/png")],
            body: bytes)
    }

    static func png(_ count: Int, _ fill: UInt8 = 7) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47] + [UInt8](repeating: fill, count: count - 4)
    }

    @Test("pictures past the total answer 507, a picture past 5 MiB 413, a create past the heroes' bound 507")
    func bounds() async throws {
        let configuration = MockServerConfiguration.test {
            $0.maximumPictureBytes = 3 << 20
            $0.maximumHeroes = 46
        }
        try await withServer(configuration) { _, client async throws in
            // The fixtures' own pictures count: make room by replacing theirs with small ones.
            let fixtures = try client.get("/v1/heroes?per_page=100").json["items"] as? [[String: Any]] ?? []
            for hero in fixtures where hero["picture_url"] is String {
                #expect(
                    try Self.upload(client, try #require(hero["id"] as? String), Self.png(10)).status == 204)
            }
            #expect(try Self.upload(client, "0001", Self.png(1 << 20)).status == 204)
            #expect(try Self.upload(client, "0002", Self.png(1 << 20)).status == 204)
            let full = try Self.upload(client, "0003", Self.png(1 << 20))
            #expect(full.status == 507)
            #expect(full.text.contains("3 MiB"))
            // Replacing a picture frees what it held.
            #expect(try Self.upload(client, "0002", Self.png(100)).status == 204)
            #expect(try Self.upload(client, "0003", Self.png(1 << 20)).status == 204)
            #expect(try Self.upload(client, "0004", Self.png((5 << 20) + 1)).status == 413)
            #expect(try client.get("/health").status == 200)
            #expect(try client.send("POST", "/v1/heroes", json: #"{"code_name":"Extra One"}"#).status == 201)
            #expect(try client.send("POST", "/v1/heroes", json: #"{"code_name":"Extra Two"}"#).status == 201)
            let refused = try client.send("POST", "/v1/heroes", json: #"{"code_name":"Extra Three"}"#)
            #expect(refused.status == 507)
            #expect(try client.send("DELETE", "/v1/heroes/0001", json: "").status == 204)
            #expect(
                try client.send("POST", "/v1/heroes", json: #"{"code_name":"Extra Three"}"#).status == 201)
        }
    }

    @Test(
        "with a state file, a picture is written once beside it, not in it; an older file's base64 still loads"
    )
    func stateKeepsPicturesApart() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.json")
        let folder = directory.appendingPathComponent("state.json.pictures")
        let picture = Self.png(2 << 20, 9)
        try await withServer(.test { $0.stateFile = state }) { _, client async throws in
            #expect(try Self.upload(client, "0007", picture).status == 204)
            let size = try #require(
                try FileManager.default.attributesOfItem(atPath: state.path)[.size] as? Int)
            #expect(size < 256 << 10, "the state file holds no picture: \(size) bytes")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            let name = try #require(files.first { $0.hasPrefix("0007-") })
            let before = try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent(name).path)
            #expect(
                try client.send("PUT", "/v1/heroes/0008", json: #"{"code_name":"Renamed"}"#).status == 200)
            let after = try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent(name).path)
            #expect(
                before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int,
                "a change to another hero leaves the picture's file alone")
        }
        try await withServer(.test { $0.stateFile = state }) { _, client async throws in
            #expect(try client.get("/v1/heroes/0007/picture").body == picture)
            #expect(try client.send("DELETE", "/v1/heroes/0007", json: "").status == 204)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(!files.contains { $0.hasPrefix("0007-") }, "a deleted hero's picture goes: \(files)")
        }
        // A state file as older servers wrote it: the pictures in it, in base64.
        var root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: state)) as? [String: Any])
        root["picture_files"] = nil
        root["pictures"] = ["0009": Data(picture).base64EncodedString()]
        try FileManager.default.removeItem(at: folder)
        try JSONSerialization.data(withJSONObject: root).write(to: state)
        try await withServer(.test { $0.stateFile = state }) { _, client async throws in
            #expect(try client.get("/v1/heroes/0009/picture").body == picture)
            #expect(try client.send("PUT", "/v1/heroes/0009", json: #"{"code_name":"Kept"}"#).status == 200)
        }
        try await withServer(.test { $0.stateFile = state }) { _, client async throws in
            #expect(
                try client.get("/v1/heroes/0009/picture").body == picture,
                "moved out of the file on the first save")
        }
    }
}
