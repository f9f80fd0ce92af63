import Foundation
import MockServerKit
import Testing

@Suite("HTTP/1.1: persistent connections, pipelining, bodies")
struct ProtocolTests {
    @Test("a connection stays open for several requests", arguments: [false, true])
    func keepAlive(usesPoll: Bool) async throws {
        try await withServer(.test { $0.usesPoll = usesPoll }) { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            for path in ["/health", "/v1/teams", "/v1/heroes/0001"] {
                try connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try connection.readResponse()
                #expect(response.status == 200)
                #expect(response.header("connection") == nil)
            }
        }
    }

    @Test("pipelined requests are answered in order", arguments: [false, true])
    func pipelining(usesPoll: Bool) async throws {
        try await withServer(.test { $0.usesPoll = usesPoll }) { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            try connection.send(
                "GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/heroes/9999 HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /v1/heroes/0002 HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: delay:50ms\r\n\r\n"
                    + "GET /v1/heroes/0003 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().json["status"] as? String == "ok")
            #expect(try connection.readResponse().status == 404)
            #expect(try connection.readResponse().json["id"] as? String == "0002")
            #expect(try connection.readResponse().json["id"] as? String == "0003")
        }
    }

    @Test("Connection: close is honoured: the answer says so and the server closes")
    func connectionClose() async throws {
        try await withServer { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.header("connection") == "close")
            #expect(connection.isClosed())
        }
    }

    @Test("HTTP/1.0 closes by default and keeps alive on request")
    func http10() async throws {
        try await withServer { server, _ async throws in
            let closing = try RawConnection(port: server.port)
            try closing.send("GET /health HTTP/1.0\r\n\r\n")
            #expect(try closing.readResponse().status == 200)
            #expect(closing.isClosed())
            let kept = try RawConnection(port: server.port)
            try kept.send("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try kept.readResponse().header("connection") == "keep-alive")
            try kept.send("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try kept.readResponse().status == 200)
        }
    }

    @Test("a chunked body, with extensions and trailers, is read", arguments: [false, true])
    func chunked(usesPoll: Bool) async throws {
        try await withServer(.test { $0.usesPoll = usesPoll }) { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            let json = #"{"code_name":"Chunky"}"#
            let first = json.prefix(5)
            let rest = json.dropFirst(5)
            try connection.send(
                "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nAuthorization: \(TestUsers.editorAuthorization)\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n"
                    + "\(String(first.utf8.count, radix: 16));ext=1\r\n\(first)\r\n"
                    + "\(String(rest.utf8.count, radix: 16))\r\n\(rest)\r\n0\r\nX-Trailer: yes\r\n\r\n"
                    + "GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 201)
            #expect(response.json["code_name"] as? String == "Chunky")
            #expect(try connection.readResponse().status == 200)
        }
    }

    @Test("Expect: 100-continue gets 100 Continue before the body is sent", arguments: [false, true])
    func expectContinue(usesPoll: Bool) async throws {
        try await withServer(.test { $0.usesPoll = usesPoll }) { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            let body = #"{"code_name":"Patient"}"#
            try connection.send(
                "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nAuthorization: \(TestUsers.editorAuthorization)\r\n"
                    + "Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n")
            #expect(try connection.readHead().status == 100)
            try connection.send(body)
            #expect(try connection.readResponse().status == 201)
        }
    }

    @Test("an oversized body announced with Expect: 100-continue is refused at once with 413")
    func expectTooLarge() async throws {
        try await withServer { server, client async throws in
            let connection = try RawConnection(port: server.port)
            try connection.send(
                "PUT /v1/heroes/0001/picture HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\n"
                    + "Content-Length: 6000000\r\nExpect: 100-continue\r\n\r\n")
            #expect(try connection.readResponse().status == 413)
            #expect(try client.get("/health").status == 200)
        }
    }

    @Test("a body on a GET is read and ignored, so the next pipelined request still frames right")
    func bodyOnGet() async throws {
        try await withServer { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            try connection.send(
                "GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nGET /"
                    + "GET /v1/heroes/0001 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
            #expect(try connection.readResponse().json["id"] as? String == "0001")
        }
    }

    @Test("the absolute form of a request target is accepted")
    func absoluteForm() async throws {
        try await withServer { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET http://127.0.0.1/v1/heroes/0001?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try connection.readResponse().json["id"] as? String == "0001")
        }
    }

    @Test("empty lines before a request line are ignored")
    func leadingEmptyLines() async throws {
        try await withServer { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            try connection.send("\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
        }
    }

    @Test(
        "a client that pipelines many large answers without reading is served in full, in order",
        arguments: [false, true])
    func backpressure(usesPoll: Bool) async throws {
        try await withServer(.test { $0.usesPoll = usesPoll }) { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            // About 4 MB of answers: beyond the socket buffers and the 1 MiB outbox limit.
            let count = 300
            let request = "GET /v1/heroes?per_page=100 HTTP/1.1\r\nHost: x\r\n\r\n"
            try connection.send(
                String(repeating: request, count: count) + "GET /v1/teams HTTP/1.1\r\nHost: x\r\n\r\n")
            let first = try connection.readResponse()
            #expect(first.status == 200)
            #expect(first.body.count > 10_000)
            var same = 1
            for _ in 1..<count {
                let response = try connection.readResponse()
                same += response.status == 200 && response.body == first.body ? 1 : 0
            }
            #expect(same == count)
            #expect(try connection.readResponse().json["items"] is [Any])
        }
    }
}

@Suite("HTTP/1.1: incremental parsing")
struct IncrementalParsingTests {
    @Test("a request sent one byte per write is parsed as it arrives")
    func byteByByte() async throws {
        try await withServer { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            let body = #"{"code_name":"Drip"}"#
            let request =
                "POST /v1/heroes HTTP/1.1\r\nHost: x\r\nAuthorization: \(TestUsers.editorAuthorization)\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
            for byte in request.utf8 { try connection.send([byte]) }
            let response = try connection.readResponse()
            #expect(response.status == 201)
            #expect(response.json["code_name"] as? String == "Drip")
        }
    }
}
