import Testing

@testable import MockServerKit

@Suite("ResponseEncoder: the head's bytes")
struct ResponseEncoderTests {
    @Test(
        "decimal digits are written without a formatter", arguments: [0, 7, 10, 99, 100, 5884, 1_234_567_890])
    func decimal(value: Int) {
        var bytes: [UInt8] = []
        ResponseEncoder.appendDecimal(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }

    @Test("a head has the status line, Date, the fields in order, Content-Length and, to close, Connection")
    func head() {
        let response = ServerResponse(
            status: 404, fields: [HTTPField(name: "Content-Type", value: "application/json")],
            body: [1, 2, 3])
        var bytes: [UInt8] = []
        ResponseEncoder.appendHead(
            response, bodyLength: 3, keepAlive: false, date: "Thu, 03 Dec 2026 16:00:00 GMT", to: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "HTTP/1.1 404 Not Found\r\nDate: Thu, 03 Dec 2026 16:00:00 GMT\r\n"
                + "Content-Type: application/json\r\nContent-Length: 3\r\nConnection: close\r\n\r\n")
    }

    @Test("a 304 carries no Content-Length, and a kept connection no Connection field")
    func notModified() {
        var bytes: [UInt8] = []
        ResponseEncoder.appendHead(
            ServerResponse(status: 304, fields: [HTTPField(name: "ETag", value: "\"t\"")], body: []),
            bodyLength: 0, keepAlive: true, date: "D", to: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "HTTP/1.1 304 Not Modified\r\nDate: D\r\nETag: \"t\"\r\n\r\n")
    }
}
