/// The elements of one array in a JSON document, found without building the document (only
/// brackets, strings and escapes are checked); each element is parsed on its own.
struct JSONArrayScanner {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    enum Failure: Error {
        case malformed
        /// The objects on the way are well formed but one lacks its key, or the value is no array.
        case missing
    }

    /// Calls `element` with each element's bytes of the array at `path` (object keys from the
    /// root), and its index.
    mutating func forEachElement(
        at path: [String], _ element: (UnsafeRawBufferPointer, Int) throws(HARError) -> Void
    ) throws(HARError) -> Failure? {
        var keys = path[...]
        while let key = keys.popFirst() {
            if let failure = enterMember(key) { return failure }
        }
        skipSpace()
        guard take(UInt8(ascii: "[")) else { return .missing }
        skipSpace()
        if take(UInt8(ascii: "]")) { return nil }
        var index = 0
        while true {
            skipSpace()
            let start = position
            guard skipValue(), position > start else { return .malformed }
            try element(UnsafeRawBufferPointer(rebasing: bytes[start..<position]), index)
            index += 1
            skipSpace()
            if take(UInt8(ascii: "]")) { return nil }
            guard take(UInt8(ascii: ",")) else { return .malformed }
        }
    }

    /// Moves into the value of `key` in the object here.
    private mutating func enterMember(_ key: String) -> Failure? {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return .missing }
        skipSpace()
        if take(UInt8(ascii: "}")) { return .missing }
        while true {
            skipSpace()
            let start = position
            guard skipString() else { return .malformed }
            // Keys are compared as written: HAR writers do not escape "log" or "entries".
            let name = bytes[(start + 1)..<(position - 1)]
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return .malformed }
            if name.elementsEqual(key.utf8) { return nil }
            skipSpace()
            guard skipValue() else { return .malformed }
            skipSpace()
            if take(UInt8(ascii: "}")) { return .missing }
            guard take(UInt8(ascii: ",")) else { return .malformed }
        }
    }

    /// Past one value: a string, or anything up to its closing bracket or the next separator.
    private mutating func skipValue() -> Bool {
        var depth = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                guard skipString() else { return false }
                if depth == 0 { return true }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return true }
                depth -= 1
                if depth == 0 {
                    position += 1
                    return true
                }
            case UInt8(ascii: ","):
                if depth == 0 { return true }
            default:
                break
            }
            position += 1
        }
        return depth == 0
    }

    private mutating func skipString() -> Bool {
        guard take(UInt8(ascii: "\"")) else { return false }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\\") {
                position += 1
            } else if byte == UInt8(ascii: "\"") {
                return position <= bytes.count
            }
        }
        return false
    }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }
}
