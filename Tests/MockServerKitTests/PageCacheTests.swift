import Foundation
import MockServerKit
import Testing

/// Pages are encoded once per version of the store and found again by their query text; these
/// tests hold the cache to the contract: what a page says is always what the heroes are now.
@Suite("Page cache: a cached page never outlives a change")
struct PageCacheTests {
    @Test("a page read again after a create, a replace and a delete shows each write, with a new ETag")
    func pageReflectsWrites() async throws {
        try await withServer { _, client async throws in
            let path = "/v1/heroes?per_page=100"
            let first = try client.get(path)
            let firstTag = try #require(first.header("etag"))
            #expect(try client.get(path).body == first.body)

            let created = try client.send("POST", "/v1/heroes", json: #"{"code_name":"Aaa Cached"}"#)
            let id = try #require(created.json["id"] as? String)
            let afterCreate = try client.get(path)
            let createTag = try #require(afterCreate.header("etag"))
            #expect(createTag != firstTag)
            #expect(names(afterCreate).first == "Aaa Cached")
            #expect(afterCreate.json["total"] as? Int == (first.json["total"] as? Int ?? 0) + 1)

            let renamed = try client.send("PUT", "/v1/heroes/\(id)", json: #"{"code_name":"Aab Renamed"}"#)
            #expect(renamed.status == 200)
            let afterReplace = try client.get(path, headers: [("If-None-Match", createTag)])
            #expect(afterReplace.status == 200)
            #expect(names(afterReplace).first == "Aab Renamed")
            #expect(!names(afterReplace).contains("Aaa Cached"))

            #expect(try client.send("DELETE", "/v1/heroes/\(id)", json: "").status == 204)
            let afterDelete = try client.get(path)
            #expect(names(afterDelete) == names(first))
            #expect(afterDelete.header("etag") != firstTag)
        }
    }

    @Test("the same query text answers the same bytes and ETag, 304 with it, until a write")
    func sameTextSameTag() async throws {
        try await withServer { _, client async throws in
            let first = try client.get("/v1/heroes?page=1")
            let tag = try #require(first.header("etag"))
            let again = try client.get("/v1/heroes?page=1")
            #expect(again.body == first.body)
            #expect(again.header("etag") == tag)
            #expect(try client.get("/v1/heroes?page=1", headers: [("If-None-Match", tag)]).status == 304)
            #expect(try client.send("POST", "/v1/heroes", json: #"{"code_name":"Zzz Tag"}"#).status == 201)
            let changed = try client.get("/v1/heroes?page=1", headers: [("If-None-Match", tag)])
            #expect(changed.status == 200)
            #expect(changed.header("etag") != tag)
        }
    }

    @Test("texts that spell the same query share one page and one ETag; a bad text is still 400")
    func equivalentTexts() async throws {
        try await withServer { _, client async throws in
            let plain = try client.get("/v1/heroes")
            for spelling in ["/v1/heroes?page=1", "/v1/heroes?per_page=20&page=1", "/v1/heroes?page=%31"] {
                let response = try client.get(spelling)
                #expect(response.body == plain.body, "\(spelling)")
                #expect(response.header("etag") == plain.header("etag"), "\(spelling)")
            }
            #expect(try client.get("/v1/heroes?page=0").status == 400)
            #expect(try client.get("/v1/heroes?page=0").status == 400)
            #expect(try client.get("/v1/heroes?team=nope").status == 400)
        }
    }

    private func names(_ response: WireResponse) -> [String] {
        ((response.json["items"] as? [[String: Any]]) ?? []).compactMap { $0["code_name"] as? String }
    }
}
