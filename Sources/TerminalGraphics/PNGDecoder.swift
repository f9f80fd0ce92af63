import CZlib

/// Decodes an 8-bit grayscale, RGB, RGBA or palette PNG, interlaced or not, into RGBA; anything
/// else or any damage is a `PNGError`, never a crash.
public struct PNGDecoder: Sendable {
    public init() {}

    public func decode(_ bytes: [UInt8]) throws(PNGError) -> RGBAImage {
        var chunks = try PNGChunks(bytes)
        var header: PNGHeader?
        var palette: [UInt8] = []
        var alphas: [UInt8] = []
        var compressed: [UInt8] = []
        var sawEnd = false
        while let chunk = try chunks.next() {
            if header == nil, chunk.type != "IHDR" { throw .malformed("the first chunk is not IHDR") }
            switch chunk.type {
            case "IHDR":
                guard header == nil else { throw .malformed("a second IHDR") }
                header = try PNGHeader(chunk.data)
            case "PLTE":
                guard chunk.data.count % 3 == 0, chunk.data.count <= 768, !chunk.data.isEmpty else {
                    throw .malformed("a palette of \(chunk.data.count) bytes")
                }
                palette = Array(chunk.data)
            case "tRNS": alphas = Array(chunk.data)
            case "IDAT": compressed += chunk.data
            case "IEND": sawEnd = true
            default:
                if let first = chunk.type.utf8.first, first & 0x20 == 0 {
                    throw .unsupported("the critical chunk \(chunk.type)")
                }
            }
            if sawEnd { break }
        }
        guard let header, sawEnd, !compressed.isEmpty else { throw .truncated }
        if header.colorType == .palette, palette.isEmpty {
            throw .malformed("a palette picture without PLTE")
        }
        let passes = Adam7.passes(width: header.width, height: header.height, interlaced: header.interlaced)
        let channels = header.colorType.channels
        let expected = passes.reduce(0) { $0 + $1.height * (1 + $1.width * channels) }
        let raw = try Self.inflate(compressed, expectedBytes: expected)
        let pixels = RGBAExpander(colorType: header.colorType, palette: palette, alphas: alphas)
        var output = [UInt8](repeating: 0, count: header.width * header.height * 4)
        var offset = 0
        for pass in passes {
            let rows = try RowFilter.unfilter(
                raw[offset..<offset + pass.height * (1 + pass.width * channels)],
                rowBytes: pass.width * channels,
                bytesPerPixel: channels)
            offset += pass.height * (1 + pass.width * channels)
            for row in 0..<pass.height {
                let y = pass.y0 + row * pass.dy
                for column in 0..<pass.width {
                    let x = pass.x0 + column * pass.dx
                    try pixels.write(
                        from: rows, at: (row * pass.width + column) * channels, to: &output,
                        at: (y * header.width + x) * 4)
                }
            }
        }
        return RGBAImage(width: header.width, height: header.height, pixels: output)
    }

    /// The stream must come to exactly `expectedBytes`.
    static func inflate(_ compressed: [UInt8], expectedBytes: Int) throws(PNGError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: max(1, expectedBytes))
        var outputLength = uLongf(output.count)
        let status = compressed.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                uncompress(target.baseAddress, &outputLength, source.baseAddress, uLong(source.count))
            }
        }
        switch status {
        case Z_OK:
            guard Int(outputLength) == expectedBytes else {
                throw .badImageData("\(outputLength) bytes where \(expectedBytes) were expected")
            }
            return output
        case Z_BUF_ERROR:
            throw .badImageData(
                "it inflates to more than the \(expectedBytes) bytes the size needs, or ends early")
        case Z_MEM_ERROR: throw .badImageData("out of memory")
        default: throw .badImageData("zlib cannot inflate it")
        }
    }
}
