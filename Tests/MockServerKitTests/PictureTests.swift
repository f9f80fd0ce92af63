import Foundation
import MockServerKit
import Testing

@Suite("Contract: pictures")
struct PictureTests {
    private static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 100)

    @Test("GET picture answers the PNG bytes with image/png and Content-Length")
    func download() async throws {
        try await withServer { _, client async throws in
            let response = try client.get("/v1/heroes/0001/picture")
            #expect(response.status == 200)
            #expect(response.header("content-type") == "image/png")
            #expect(response.header("content-length") == String(response.body.count))
            #expect(Array(response.body.prefix(8)) == Array(Self.png.prefix(8)))
        }
    }

    @Test("a hero without a picture, or an absent hero, is 404")
    func missing() async throws {
        try await withServer { _, client async throws in
            let heroes = try #require(
                try client.get("/v1/heroes?per_page=100").json["items"] as? [[String: Any]])
            let bare = try #require(heroes.first { $0["picture_url"] is NSNull }?["id"] as? String)
            #expect(try client.get("/v1/heroes/\(bare)/picture").status == 404)
            #expect(try client.get("/v1/heroes/9999/picture").errorCode == "not_found")
        }
    }

    @Test("PUT picture stores the bytes: 204, then GET returns them and the hero points at them")
    func upload() async throws {
        try await withServer { _, client async throws in
            let heroes = try #require(
                try client.get("/v1/heroes?per_page=100").json["items"] as? [[String: Any]])
            let bare = try #require(heroes.first { $0["picture_url"] is NSNull })
            let id = try #require(bare["id"] as? String)
            let response = try client.request(
                "PUT", "/v1/heroes/\(id)/picture",
                headers: [("Authorization", TestUsers.editorAuthorization), ("Content-Type", "image/png")],
                body: Self.png)
            #expect(response.status == 204)
            #expect(try client.get("/v1/heroes/\(id)/picture").body == Self.png)
            let hero = try client.get("/v1/heroes/\(id)").json
            #expect(hero["picture_url"] as? String == "/v1/heroes/\(id)/picture")
            #expect(hero["version"] as? Int == (bare["version"] as? Int ?? 0) + 1)
        }
    }

    @Test("an upload that is not image/png is 415")
    func wrongType() async throws {
        try await withServer { _, client async throws in
            for type in [nil, "image/jpeg", "application/octet-stream"] as [String?] {
                var headers = [("Authorization", TestUsers.editorAuthorization)]
                if let type { headers.append(("Content-Type", type)) }
                let response = try client.request(
                    "PUT", "/v1/heroes/0001/picture", headers: headers, body: Self.png)
                #expect(response.status == 415)
                #expect(response.errorCode == "unsupported_media_type")
            }
        }
    }

    @Test("an upload over 5 MiB is 413 payload_too_large; exactly 5 MiB is accepted")
    func tooLarge() async throws {
        try await withServer { _, client async throws in
            let headers = [("Authorization", TestUsers.editorAuthorization), ("Content-Type", "image/png")]
            let limit = 5 * 1024 * 1024
            let over = try client.request(
                "PUT", "/v1/heroes/0001/picture", headers: headers,
                body: Array(repeating: 1, count: limit + 1))
            #expect(over.status == 413)
            #expect(over.errorCode == "payload_too_large")
            let exact = try client.request(
                "PUT", "/v1/heroes/0001/picture", headers: headers, body: Array(repeating: 1, count: limit))
            #expect(exact.status == 204)
        }
    }

    @Test("an upload needs an editor")
    func uploadNeedsEditor() async throws {
        try await withServer { _, client async throws in
            let anonymous = try client.request(
                "PUT", "/v1/heroes/0001/picture", headers: [("Content-Type", "image/png")], body: Self.png)
            #expect(anonymous.status == 401)
            let viewer = try client.request(
                "PUT", "/v1/heroes/0001/picture",
                headers: [("Authorization", TestUsers.viewerAuthorization), ("Content-Type", "image/png")],
                body: Self.png)
            #expect(viewer.status == 403)
        }
    }
}
