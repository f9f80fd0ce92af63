import Foundation
import Locking

/// A root directory's `__files` and the body files read from it, each once: every mapping that
/// names a file, and every response that sends it, shares one copy of its bytes. One entry per
/// name, so the cache never holds more than the folder.
final class BodyFolder: Sendable {
    /// A file as the kernel knows it, so a file changed since it was read is read again.
    struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int
        let modified: Int
    }

    /// The `__files` folder.
    let url: URL
    /// By path inside the folder, `a//./b` as `a/b`.
    private let cache = Locked<[String: (identity: Identity, bytes: [UInt8])]>([:])

    /// The body folder at `url`; nothing is read until a mapping names a file.
    init(_ url: URL) {
        self.url = url
    }

    /// The bytes of `relative` inside the folder (see `BodyFile.read`), from the cache when the
    /// same file was read before.
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
