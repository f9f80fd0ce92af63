import Foundation
import Locking

/// A root directory's `__files` and the body files read from it, each once: every mapping that
/// names a file, and every response that sends it, shares one copy of its bytes.
final class BodyFolder: Sendable {
    /// A file as the kernel knows it, so two names for one file share one copy, and a file
    /// changed since it was read is read again.
    struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int
        let modified: Int
    }

    /// The `__files` folder.
    let url: URL
    private let cache = Locked<[Identity: [UInt8]]>([:])

    /// The body folder at `url`; nothing is read until a mapping names a file.
    init(_ url: URL) {
        self.url = url
    }

    /// The bytes of `relative` inside the folder (see `BodyFile.read`), from the cache when the
    /// same file was read before.
    func read(_ relative: String) -> Result<[UInt8], BodyFileError> {
        BodyFile.read(relative, in: url) { identity, load in
            if let known = cache.withLock({ $0[identity] }) { return known }
            let bytes = load()
            cache.withLock { $0[identity] = bytes }
            return bytes
        }
    }
}
