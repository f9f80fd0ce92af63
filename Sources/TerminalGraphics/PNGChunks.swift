import CZlib

/// Walks a PNG's chunks after the signature, checking each one's length and CRC.
struct PNGChunks {
    struct Chunk {
        let type: String
        let data: ArraySlice<UInt8>
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private let bytes: [UInt8]
    private var offset: Int

    /// `bytes` must start with the PNG signature.
    init(_ bytes: [UInt8]) throws(PNGError) {
        guard bytes.count >= Self.signature.count, Array(bytes.prefix(8)) == Self.signature else {
            throw .notPNG
        }
        self.bytes = bytes
        offset = 8
    }

    /// CRC checked; `nil` at the end of the file.
    mutating func next() throws(PNGError) -> Chunk? {
        guard offset < bytes.count else { return nil }
        guard bytes.count - offset >= 12 else { throw .truncated }
        let length = Int(Self.uint32(bytes, at: offset))
        guard length <= Int(Int32.max), bytes.count - offset - 12 >= length else { throw .truncated }
        let typeStart = offset + 4
        let dataStart = offset + 8
        let dataEnd = dataStart + length
        let type = String(decoding: bytes[typeStart..<dataStart], as: UTF8.self)
        let expected = Self.uint32(bytes, at: dataEnd)
        let actual = bytes[typeStart..<dataEnd].withUnsafeBufferPointer { buffer in
            UInt32(crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
        guard actual == expected else { throw .badCRC(chunk: type) }
        offset = dataEnd + 4
        return Chunk(type: type, data: bytes[dataStart..<dataEnd])
    }

    /// Big-endian.
    static func uint32(_ bytes: [UInt8], at index: Int) -> UInt32 {
        bytes[index..<index + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
