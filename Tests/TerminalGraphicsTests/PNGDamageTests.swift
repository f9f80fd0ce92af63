import Foundation
import TerminalGraphics
import Testing

@Suite("Damaged PNGs whose CRCs still match")
struct PNGDamageTests {
    @Test("a row filter that does not exist is refused")
    func unknownFilter() throws {
        #expect(throws: PNGError.badImageData("row filter 9 does not exist")) {
            try PNGDecoder().decode(try TestImages.bytes("broken-filter.png"))
        }
    }

    @Test("a palette index past the palette is refused")
    func paletteIndex() throws {
        #expect(throws: PNGError.malformed("palette index 200 is past the palette's end")) {
            try PNGDecoder().decode(try TestImages.bytes("broken-palette-index.png"))
        }
    }

    @Test("bytes changed anywhere in the image data, CRC fixed up, never crash the decoder")
    func damagedImageData() throws {
        let whole = try TestImages.bytes("fixture/0007.png")
        let start = 8 + 25 + 8  // the signature, IHDR, then the first IDAT's length and type
        let length =
            Int(whole[start - 8]) << 24 | Int(whole[start - 7]) << 16 | Int(whole[start - 6]) << 8
            | Int(whole[start - 5])
        var generator = SplitMix64(seed: 7)
        var refused = 0
        for _ in 0..<150 {
            var damaged = whole
            let offset = start + Int(generator.next() % UInt64(length))
            damaged[offset] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
            Self.fixCRC(of: &damaged, chunkAt: start - 8, length: length)
            do {
                _ = try PNGDecoder().decode(damaged)
            } catch {
                #expect(error != .badCRC(chunk: "IDAT"), "the CRC was not fixed up at \(offset)")
                refused += 1
            }
        }
        #expect(refused > 100, "most damage must be noticed by zlib's own check")
    }

    /// Rewrites the CRC of the chunk at `offset` (its length field) with `length` data bytes.
    static func fixCRC(of bytes: inout [UInt8], chunkAt offset: Int, length: Int) {
        let crc = crc32(bytes[(offset + 4)..<(offset + 8 + length)])
        let end = offset + 8 + length
        for index in 0..<4 { bytes[end + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(index))) }
    }

    /// CRC-32 (ISO-HDLC), bit by bit: slow, short, and independent of zlib.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// A tiny deterministic generator, so a failure replays the same damage.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
