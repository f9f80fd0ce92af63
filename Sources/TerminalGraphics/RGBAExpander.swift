/// Turns one pixel's samples, of any colour type read, into red, green, blue and alpha.
struct RGBAExpander {
    let colorType: PNGHeader.ColorType
    /// Three bytes each.
    let palette: [UInt8]
    /// For the first palette entries; the rest are opaque.
    let alphas: [UInt8]

    /// Four bytes at `target`.
    func write(from samples: [UInt8], at source: Int, to output: inout [UInt8], at target: Int)
        throws(PNGError)
    {
        let first = samples[source]
        let rgba: (UInt8, UInt8, UInt8, UInt8)
        switch colorType {
        case .grayscale: rgba = (first, first, first, 255)
        case .grayscaleAlpha: rgba = (first, first, first, samples[source + 1])
        case .rgb: rgba = (first, samples[source + 1], samples[source + 2], 255)
        case .rgba: rgba = (first, samples[source + 1], samples[source + 2], samples[source + 3])
        case .palette:
            let entry = Int(first)
            guard entry * 3 + 2 < palette.count else {
                throw .malformed("palette index \(entry) is past the palette's end")
            }
            let alpha = entry < alphas.count ? alphas[entry] : 255
            rgba = (palette[entry * 3], palette[entry * 3 + 1], palette[entry * 3 + 2], alpha)
        }
        output[target] = rgba.0
        output[target + 1] = rgba.1
        output[target + 2] = rgba.2
        output[target + 3] = rgba.3
    }
}
