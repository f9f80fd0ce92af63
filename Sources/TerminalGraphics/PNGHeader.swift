/// IHDR: the picture's size and how its samples are stored.
struct PNGHeader: Sendable, Equatable {
    enum ColorType: UInt8, Sendable {
        case grayscale = 0
        case rgb = 2
        case palette = 3
        case grayscaleAlpha = 4
        case rgba = 6

        var channels: Int {
            switch self {
            case .grayscale, .palette: 1
            case .grayscaleAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    let width: Int
    let height: Int
    let colorType: ColorType
    let interlaced: Bool

    /// 4096 × 4096.
    static let maximumPixels = 4096 * 4096
    static let maximumSide = 16_384

    /// Refuses what this decoder does not read.
    init(_ data: ArraySlice<UInt8>) throws(PNGError) {
        guard data.count == 13 else { throw .malformed("IHDR is \(data.count) bytes, not 13") }
        let bytes = Array(data)
        let width = Int(PNGChunks.uint32(bytes, at: 0))
        let height = Int(PNGChunks.uint32(bytes, at: 4))
        guard width > 0, height > 0 else { throw .malformed("the picture has no pixels") }
        guard width <= Self.maximumSide, height <= Self.maximumSide, width * height <= Self.maximumPixels
        else {
            throw .tooLarge(width: width, height: height)
        }
        guard let colorType = ColorType(rawValue: bytes[9]) else {
            throw .malformed("colour type \(bytes[9]) does not exist")
        }
        guard bytes[8] == 8 else { throw .unsupported("\(bytes[8])-bit samples (only 8-bit are read)") }
        guard bytes[10] == 0, bytes[11] == 0 else { throw .malformed("unknown compression or filter method") }
        guard bytes[12] <= 1 else { throw .malformed("interlace method \(bytes[12]) does not exist") }
        self.width = width
        self.height = height
        self.colorType = colorType
        self.interlaced = bytes[12] == 1
    }
}
