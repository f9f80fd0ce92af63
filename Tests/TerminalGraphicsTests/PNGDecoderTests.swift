import Foundation
import TerminalGraphics
import Testing

@Suite("PNG decoding")
struct PNGDecoderTests {
    /// One line of pixels.txt, written by Scripts/png-reference.py's independent decoder.
    struct Reference: Sendable, CustomTestStringConvertible {
        let name: String
        let width: Int
        let height: Int
        let hash: String
        var testDescription: String { name }
    }

    static let references: [Reference] = {
        guard let url = Bundle.module.url(forResource: "Resources/pixels", withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ").map(String.init)
            guard parts.count == 4, let width = Int(parts[1]), let height = Int(parts[2]) else { return nil }
            return Reference(name: parts[0], width: width, height: height, hash: parts[3])
        }
    }()

    @Test("the reference lists every fixture picture and every made colour type")
    func referenceIsComplete() throws {
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: TestImages.fixtureFolder.path)
            .filter { $0.hasSuffix(".png") }
        #expect(fixtures.count > 30)
        #expect(Set(Self.references.map(\.name)).isSuperset(of: fixtures.map { "fixture/\($0)" }))
        #expect(Self.references.count == fixtures.count + 8)
    }

    @Test("each picture decodes to the pixels of the independent decoder", arguments: references)
    func matchesReference(_ reference: Reference) throws {
        let image = try PNGDecoder().decode(try TestImages.bytes(reference.name))
        #expect(image.width == reference.width)
        #expect(image.height == reference.height)
        #expect(Self.fnv1a(image.pixels) == reference.hash)
    }

    @Test("a picture cut anywhere is refused, never a crash")
    func truncated() throws {
        let whole = try TestImages.bytes("fixture/0007.png")
        for length in stride(from: 0, to: whole.count, by: 37) {
            #expect(throws: PNGError.self) { try PNGDecoder().decode(Array(whole.prefix(length))) }
        }
        #expect(throws: PNGError.truncated) { try PNGDecoder().decode(Array(whole.dropLast(12))) }
        #expect(throws: PNGError.truncated) { try PNGDecoder().decode(Array(whole.dropLast(5))) }
    }

    @Test("a damaged byte anywhere after the signature fails its chunk's CRC")
    func badCRC() throws {
        let whole = try TestImages.bytes("fixture/0007.png")
        var damaged = whole
        damaged[100] ^= 0x01
        #expect(throws: PNGError.badCRC(chunk: "IDAT")) { try PNGDecoder().decode(damaged) }
        var header = whole
        header[20] ^= 0x40
        #expect(throws: PNGError.badCRC(chunk: "IHDR")) { try PNGDecoder().decode(header) }
    }

    @Test("a header past the size limit is refused before anything is inflated")
    func tooLarge() throws {
        #expect(throws: PNGError.tooLarge(width: 100_000, height: 100_000)) {
            try PNGDecoder().decode(try TestImages.bytes("broken-huge.png"))
        }
    }

    @Test("image data that inflates past the size the header implies is refused")
    func decompressionBomb() throws {
        let error = #expect(throws: PNGError.self) {
            try PNGDecoder().decode(try TestImages.bytes("broken-bomb.png"))
        }
        guard case .badImageData = error else {
            Issue.record("expected bad image data, got \(String(describing: error))")
            return
        }
    }

    @Test("16-bit samples and non-PNG files say so in one phrase")
    func unsupported() throws {
        let deep = #expect(throws: PNGError.self) {
            try PNGDecoder().decode(try TestImages.bytes("broken-16-bit.png"))
        }
        #expect(deep?.description == "unsupported PNG: 16-bit samples (only 8-bit are read)")
        #expect(throws: PNGError.notPNG) { try PNGDecoder().decode(Array("GIF89a, not a PNG".utf8)) }
        #expect(PNGError.truncated.description == "the file is truncated")
    }

    /// FNV-1a, 64 bits, as lowercase hex: the hash pixels.txt holds.
    static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
