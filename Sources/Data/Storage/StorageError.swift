import Foundation

/// Why the local store could not be used; every case names the file.
public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another process held the lock too long.
    case locked(URL)
    /// The file did not decode and was moved to `movedTo`.
    case corrupt(URL, movedTo: URL, reason: String)
    /// Records that did not decode were set aside, the rest kept.
    case setAside(URL, what: String)
    /// A newer app wrote the file; it is left untouched.
    case unsupportedSchema(URL, version: Int)
    /// The file system refused a read or a write.
    case io(URL, String)
    /// A file is, or a write would make it, larger than `limit` bytes; nothing was written.
    case tooLarge(URL, limit: Int)

    public var description: String {
        switch self {
        case .locked(let url): "\(url.path) is held by another heroes-cli that is still writing; try again"
        case .corrupt(let url, let movedTo, let reason):
            "\(url.path) was unreadable (\(reason)); it was moved to \(movedTo.lastPathComponent)"
        case .setAside(let url, let what):
            "\(url.path): set aside what did not decode (\(what)); everything else is kept"
        case .unsupportedSchema(let url, let version):
            "\(url.path) has schema version \(version), newer than this app understands"
        case .io(let url, let message): "\(url.path): \(message)"
        case .tooLarge(let url, let limit):
            "\(url.path) is past \(limit >> 20) MiB, the most this store keeps; nothing was written"
        }
    }

    /// A decoding error in a few words.
    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): "not JSON: \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, _): "missing key \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: "\(error)"
        }
    }
}
