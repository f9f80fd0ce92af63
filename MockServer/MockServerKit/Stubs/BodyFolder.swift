import Foundation
import Locking

/// A root's `__files` and the body files read from it, one shared copy per name, so the
/// cache never holds more than the folder.
final class BodyFolder: Sendable {
    /// A file as the kernel knows it, so a changed file is read again.
    struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int
        let modified: Int
    }

    let url: URL
    /// By path in the folder, `a//./b` as `a/b`.
    private let cache = Locked<[String: (identity: Identity, bytes: [UInt8])]>([:])

    init(_ url: URL) {
        self.url = url
    }

    /// The bytes of `relative` (see `BodyFile.read`), cached per file.
    func read(_ relative: String) -> Result<[UInt8], BodyFileError> {
        let key = relative.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        return BodyFile.read(relative, in: url) { identity, load in
            if let known = cache.withLock({ $0[key] }), known.identity == identity { return known.bytes }
            let bytes = load()
            cache.withLock { $0[key] = (identity, bytes) }
            return bytes
        }
    }
}
