import Testing

@testable import MockServerKit

@Suite("BodyDecoder memory")
struct BodyBufferTests {
    @Test("a declared Content-Length reserves nothing like it before the bytes arrive")
    func noReservationAhead() throws {
        let declared = 5 * 1024 * 1024
        var decoder = BodyDecoder(.length(declared))
        #expect(decoder.body.capacity < 128 * 1024)
        let piece = [UInt8](repeating: 7, count: 1000)
        let used = try piece.withUnsafeBufferPointer { buffer throws(HTTPFailure) in try decoder.feed(buffer)
        }
        #expect(used == 1000)
        #expect(decoder.body.count == 1000)
        #expect(decoder.body.capacity < 128 * 1024)
        #expect(!decoder.isComplete)
    }

    @Test("the whole declared body still arrives, however it is split")
    func wholeBody() throws {
        let body = (0..<300_000).map { UInt8(truncatingIfNeeded: $0) }
        var decoder = BodyDecoder(.length(body.count))
        var offset = 0
        while offset < body.count {
            let end = min(offset + 65_536, body.count)
            offset += try body[offset..<end].withUnsafeBufferPointer { buffer throws(HTTPFailure) in
                try decoder.feed(buffer)
            }
        }
        #expect(decoder.isComplete)
        #expect(decoder.body == body)
    }
}
