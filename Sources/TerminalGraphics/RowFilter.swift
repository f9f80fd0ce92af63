/// PNG's five row filters (none, sub, up, average, Paeth), undone.
enum RowFilter {
    /// Each row of `data` is a filter byte, then `rowBytes` bytes.
    static func unfilter(_ data: ArraySlice<UInt8>, rowBytes: Int, bytesPerPixel: Int) throws(PNGError)
        -> [UInt8]
    {
        let rowCount = data.count / (rowBytes + 1)
        var output = [UInt8](repeating: 0, count: rowCount * rowBytes)
        var input = data.startIndex
        for row in 0..<rowCount {
            let filter = data[input]
            input += 1
            let start = row * rowBytes
            for index in 0..<rowBytes {
                let value = data[input + index]
                let left = index >= bytesPerPixel ? output[start + index - bytesPerPixel] : 0
                let up = row > 0 ? output[start - rowBytes + index] : 0
                let upLeft =
                    row > 0 && index >= bytesPerPixel ? output[start - rowBytes + index - bytesPerPixel] : 0
                let predicted: UInt8
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = UInt8((Int(left) + Int(up)) / 2)
                case 4: predicted = paeth(left, up, upLeft)
                default: throw .badImageData("row filter \(filter) does not exist")
                }
                output[start + index] = value &+ predicted
            }
            input += rowBytes
        }
        return output
    }

    private static func paeth(_ left: UInt8, _ up: UInt8, _ upLeft: UInt8) -> UInt8 {
        let estimate = Int(left) + Int(up) - Int(upLeft)
        let toLeft = abs(estimate - Int(left))
        let toUp = abs(estimate - Int(up))
        let toUpLeft = abs(estimate - Int(upLeft))
        if toLeft <= toUp, toLeft <= toUpLeft { return left }
        return toUp <= toUpLeft ? up : upLeft
    }
}
