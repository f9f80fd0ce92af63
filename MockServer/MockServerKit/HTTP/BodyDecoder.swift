/// Reads a request body by `Content-Length` or chunked coding (RFC 9112 §7.1).
struct BodyDecoder {
    private enum State {
        case counted(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case done
    }

    /// The most a new body reserves before its bytes arrive: one read.
    static let initialReservation = 64 * 1024

    private var state: State
    private var trailerBytes = 0
    private(set) var body: [UInt8] = []

    init(_ framing: Framing.Body) {
        switch framing {
        case .none:
            state = .done
        case .length(let count):
            state = count == 0 ? .done : .counted(remaining: count)
            // A declared length is a claim, not bytes: grow as they arrive, so idle
            // connections declaring 5 MiB each pin nothing like it.
            body.reserveCapacity(min(count, Self.initialReservation))
        case .chunked:
            state = .chunkSize
        }
    }

    var isComplete: Bool {
        if case .done = state { return true }
        return false
    }

    /// Returns how many bytes it used.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPFailure) -> Int {
        var used = 0
        while used < bytes.count {
            let rest = UnsafeBufferPointer(rebasing: bytes[used...])
            let step = try advance(rest)
            if step == 0 { break }
            used += step
        }
        return used
    }

    /// One state-machine step: the bytes used, 0 when it needs more (or is done).
    private mutating func advance(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPFailure) -> Int {
        switch state {
        case .done:
            return 0
        case .counted(let remaining):
            let count = min(remaining, bytes.count)
            body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<count]))
            state = remaining == count ? .done : .counted(remaining: remaining - count)
            return count
        case .chunkData(let remaining):
            let count = min(remaining, bytes.count)
            body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<count]))
            state = remaining == count ? .chunkDataEnd : .chunkData(remaining: remaining - count)
            return count
        case .chunkDataEnd:
            guard bytes.count >= 2 else { return 0 }
            guard bytes[0] == 13, bytes[1] == 10 else {
                throw HTTPFailure(status: 400, message: "chunk data is not followed by CRLF")
            }
            state = .chunkSize
            return 2
        case .chunkSize:
            guard let line = try Self.line(bytes, limit: 1024) else { return 0 }
            let size = try Self.chunkSize(UnsafeBufferPointer(rebasing: bytes[..<line]))
            guard body.count + size <= Framing.maximumBodyBytes else {
                throw HTTPFailure(status: 413, message: "the body is over 5 MiB")
            }
            state = size == 0 ? .trailers : .chunkData(remaining: size)
            return line + 2
        case .trailers:
            guard let line = try Self.line(bytes, limit: HeadParser.maximumHeadBytes - trailerBytes) else {
                return 0
            }
            if line == 0 {
                state = .done
            } else if !bytes[..<line].contains(UInt8(ascii: ":")) {
                throw HTTPFailure(status: 400, message: "a trailer field has no colon")
            }
            trailerBytes += line + 2
            return line + 2
        }
    }

    /// The length of the line at the start of `bytes` without CRLF; nil when incomplete.
    private static func line(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) throws(HTTPFailure) -> Int? {
        guard let lineFeed = bytes.firstIndex(of: 10) else {
            if bytes.count > limit { throw HTTPFailure(status: 400, message: "a chunk line is too long") }
            return nil
        }
        guard lineFeed > 0, bytes[lineFeed - 1] == 13, lineFeed - 1 <= limit else {
            throw HTTPFailure(status: 400, message: "a chunk line is malformed")
        }
        return lineFeed - 1
    }

    /// Parses `chunk-size [ chunk-ext ]`; extensions are checked and ignored.
    private static func chunkSize(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPFailure) -> Int {
        let bad = HTTPFailure(status: 400, message: "a chunk size is malformed")
        var size = 0
        var index = 0
        while index < line.count, let digit = hexValue(line[index]) {
            guard index < 15 else { throw bad }
            size = size * 16 + digit
            index += 1
        }
        guard index > 0 else { throw bad }
        while index < line.count, line[index] == 32 || line[index] == 9 { index += 1 }
        if index < line.count {
            guard line[index] == UInt8(ascii: ";"), line[index...].allSatisfy(ByteClass.isFieldValue) else {
                throw bad
            }
        }
        return size
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
