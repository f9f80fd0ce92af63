import CZlib
import Foundation

/// gzip bodies for hostile and honest servers: a genuine one, and a bomb of zeros that is
/// built in a moment instead of deflating gigabytes. (heroes-bench has the same bomb, in
/// `Benchmarks/heroes-bench/GzipBomb.swift`: a benchmark cannot use a test target's code.)
enum GzipBody {
    /// `data` as one gzip member.
    static func gzip(_ data: Data) -> Data {
        let deflater = Deflater()
        return deflater.deflate(data, flush: Z_FINISH)
    }

    /// A gzip member of a few kB per inflated MiB, that inflates to `mebibytes` MiB of zeros.
    /// The deflate stream of one MiB of zeros, after a full flush, is repeated: every
    /// back-reference in it points at zeros, whatever came before.
    static func bomb(inflatingToMebibytes mebibytes: Int) -> Data {
        let piece = Data(count: 1 << 20)
        let deflater = Deflater()
        var body = deflater.deflate(piece, flush: Z_FULL_FLUSH)
        let repeated = deflater.deflate(piece, flush: Z_FULL_FLUSH)
        for _ in 1..<max(2, mebibytes) { body.append(repeated) }
        var end = deflater.deflate(Data(), flush: Z_FINISH)
        end.removeLast(8)  // the trailer of two pieces; the real one follows
        body.append(end)
        let pieceCRC = piece.withUnsafeBytes {
            crc32(0, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count))
        }
        var crc = crc32(0, nil, 0)
        for _ in 0..<max(2, mebibytes) { crc = crc32_combine(crc, pieceCRC, Int(piece.count)) }
        let size = UInt32(truncatingIfNeeded: max(2, mebibytes) << 20)
        for value in [UInt32(truncatingIfNeeded: crc), size] {
            withUnsafeBytes(of: value.littleEndian) { body.append(contentsOf: $0) }
        }
        return body
    }

    /// One deflate stream with a gzip wrapper, fed piece by piece.
    private final class Deflater {
        private var stream = z_stream()

        init() {
            // windowBits 15 + 16: a gzip header and trailer around the deflate stream.
            deflateInit2_(
                &stream, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size))
        }

        deinit { deflateEnd(&stream) }

        func deflate(_ input: Data, flush: Int32) -> Data {
            var output = Data()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            input.withUnsafeBytes { raw in
                stream.next_in = UnsafeMutablePointer(mutating: raw.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(raw.count)
                repeat {
                    buffer.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = uInt(out.count)
                        _ = CZlib.deflate(&stream, flush)
                        let produced = out.count - Int(stream.avail_out)
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: out[..<produced]))
                    }
                } while stream.avail_out == 0
            }
            return output
        }
    }
}
