import Foundation

/// Reads a possibly hostile property list without crashing: on Linux a binary plist holding a set
/// crashes `PropertyListSerialization`, so one is refused first.
public enum PropertyListReader {
    /// XML or binary; throws `Refusal`.
    public static func object(from data: Data) throws(Refusal) -> Any {
        if let problem = binaryPlistProblem(Array(data)) { throw Refusal(problem: problem) }
        do {
            return try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw Refusal(problem: error.localizedDescription)
        }
    }

    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public let problem: String

        public var description: String { "not a property list: \(problem)" }
    }

    /// Every object is reached through the offset table, so checking each entry's marker finds every set.
    static func binaryPlistProblem(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("bplist".utf8)) else { return nil }
        let trailerSize = 32
        guard bytes.count >= 8 + trailerSize else { return "a binary plist too short for its trailer" }
        let trailer = bytes.count - trailerSize
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize),
            let count = bigEndian(bytes, at: trailer + 8, size: 8),
            let table = bigEndian(bytes, at: trailer + 24, size: 8),
            table >= 8, table < trailer,
            count <= (trailer - table) / offsetSize
        else { return "a binary plist whose trailer does not describe its objects" }
        for index in 0..<count {
            guard let offset = bigEndian(bytes, at: table + index * offsetSize, size: offsetSize),
                offset >= 8, offset < table
            else { return "a binary plist whose offset table points outside its objects" }
            if bytes[offset] >> 4 == 0xC { return "a binary plist holding a set, which is not supported" }
        }
        return nil
    }

    /// nil when it does not fit.
    private static func bigEndian(_ bytes: [UInt8], at start: Int, size: Int) -> Int? {
        guard start >= 0, size <= bytes.count, start <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[start..<(start + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
