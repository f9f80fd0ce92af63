/// Why a PNG cannot be shown; `description` is one short phrase.
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not the PNG signature.
    case notPNG
    /// Ends inside a chunk, or before its image data or end chunk.
    case truncated
    case badCRC(chunk: String)
    /// Malformed or out of order.
    case malformed(String)
    /// Valid, but not read here (16-bit samples, say).
    case unsupported(String)
    case tooLarge(width: Int, height: Int)
    /// Damaged, or inflates to the wrong size.
    case badImageData(String)

    public var description: String {
        switch self {
        case .notPNG: "not a PNG file"
        case .truncated: "the file is truncated"
        case .badCRC(let chunk): "the \(chunk) chunk is damaged (bad CRC)"
        case .malformed(let problem): "the file is malformed: \(problem)"
        case .unsupported(let what): "unsupported PNG: \(what)"
        case .tooLarge(let width, let height): "\(width)×\(height) pixels is too large"
        case .badImageData(let problem): "the image data is damaged: \(problem)"
        }
    }
}
