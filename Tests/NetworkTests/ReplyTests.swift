import Network
import Testing

@Suite("Reply")
struct ReplyTests {
    let headers: HTTPHeaders = ["ETag": "\"7-2\"", "Content-Type": "application/json"]

    @Test("map transforms the content and keeps the status and headers")
    func mapsContent() {
        let reply = Reply(outcome: .content(41), status: 200, headers: headers)
        let mapped = reply.map { String($0 + 1) }
        #expect(mapped.outcome == .content("42"))
        #expect(mapped.status == 200)
        #expect(mapped.entityTag == "\"7-2\"")
    }

    @Test("map keeps not modified and no content without calling the transform")
    func keepsOutcomesWithoutContent() throws {
        for (outcome, status) in [(Reply<Int>.Outcome.notModified, 304), (.noContent, 204)] {
            let reply = Reply(outcome: outcome, status: status, headers: headers)
            let mapped = reply.map { (_: Int) -> String in
                Issue.record("the transform ran for \(outcome)")
                return ""
            }
            #expect(mapped.isNotModified == (status == 304))
            #expect(mapped.content == nil)
            #expect(mapped.status == status)
        }
    }

    @Test("a throwing transform's error comes out of map")
    func passesErrorsOn() {
        struct Unmappable: Error {}
        let reply = Reply(outcome: .content(1), status: 200, headers: headers)
        #expect(throws: Unmappable.self) { try reply.map { _ -> Int in throw Unmappable() } }
    }
}
