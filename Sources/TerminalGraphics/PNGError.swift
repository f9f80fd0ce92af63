/// Why a PNG cannot be shown, as one short phrase.
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The first eight bytes are not the PNG signature.
    case notPNG
    /// The file ends inside a chunk, or before its image data or its end chunk.
    case truncated
    /// A chunk's CRC does not match its contents.
    case badCRC(chunk: String)
    /// A chunk is malformed or out of order.
    case malformed(String)
    /// A valid PNG this decoder does not read (16-bit samples, say).
    case unsupported(String)
    /// The picture is larger than the decoder accepts.
    case tooLarge(width: Int, height: Int)
    /// The compressed image data is damaged, or inflates to the wrong size.
    case badImageData(String)

    /// The phrase for the person.
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
