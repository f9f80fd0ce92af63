import MockServerKit
import Testing

@Suite("RawRequest: the connection's reading of raw bytes, without a socket")
struct RawRequestTests {
    static let chunked = Array(
        ("\r\nPUT /v1/heroes/0007/picture?x=1 HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;ext\r\nhello\r\n0\r\nTrailer: t\r\n\r\nGET / HTTP/1.1\r\n").utf8)

    @Test("a chunked request reads the same whether it arrives at once or a byte at a time")
    func sameInAnyPieces() {
        let whole = RawRequest.read(Self.chunked)
        guard case .request(let request) = whole else {
            Issue.record("not read: \(whole)")
            return
        }
        #expect(request.method == "PUT")
        #expect(request.path == "/v1/heroes/0007/picture")
        #expect(request.query == "x=1")
        #expect(request.body == Array("hello".utf8))
        #expect(request.keepsAlive)
        #expect(request.length == Self.chunked.count - "GET / HTTP/1.1\r\n".utf8.count)
        #expect(
            RawRequest.read(Self.chunked, arrivals: Array(repeating: 1, count: Self.chunked.count)) == whole)
    }

    @Test("bytes that end inside the body are incomplete; a framing error is the server's answer")
    func incompleteAndRefused() {
        #expect(
            RawRequest.read(Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 9\r\n\r\nabc".utf8))
                == .incomplete)
        #expect(
            RawRequest.read(Array("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1, 2\r\n\r\n".utf8))
                == .refused(status: 400, message: "Content-Length is not one non-negative integer"))
        #expect(
            RawRequest.read(Array("GET / HTTP/2.0\r\nHost: h\r\n\r\n".utf8))
                == .refused(status: 505, message: "only HTTP/1.0 and HTTP/1.1 are supported"))
    }

    @Test("header fields are read in order, values trimmed, and the target splits at its first ?")
    func fieldsAndTarget() {
        let text =
            "GET /v1/heroes?page=2&q=a?b HTTP/1.1\r\nHost: h:80\r\nX-One:  1 \r\nx-two:\t\r\n"
            + "X-One: again\r\n\r\n"
        guard case .request(let request) = RawRequest.read(Array(text.utf8)) else {
            Issue.record("not read")
            return
        }
        #expect(request.path == "/v1/heroes")
        #expect(request.query == "page=2&q=a?b")
        #expect(request.fields.map(\.name) == ["Host", "X-One", "x-two", "X-One"])
        #expect(request.fields.map(\.value) == ["h:80", "1", "", "again"])
        guard case .request(let bare) = RawRequest.read(Array("GET /a? HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        else {
            Issue.record("not read")
            return
        }
        #expect(bare.path == "/a" && bare.query == "")
        #expect(bare.fields == [HTTPField(name: "Host", value: "h")])
    }

    @Test("a Host of authority characters is read; any other byte in it is a 400")
    func hostCharacters() {
        for host in ["[::1]:8080", "h-1.example_~:80", "a!$&'()*+,;=%20"] {
            let outcome = RawRequest.read(Array("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8))
            guard case .request(let request) = outcome else {
                Issue.record("\(host): \(outcome)")
                continue
            }
            #expect(request.fields.first?.value == host)
        }
        for host in ["a b", "a/b", "user@host", "h\"x", "ex\u{e9}.com"] {
            #expect(
                RawRequest.read(Array("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8))
                    == .refused(status: 400, message: "the Host field is not a valid authority"),
                "\(host)")
        }
    }
}
