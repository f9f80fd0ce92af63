import Foundation
import Network

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a downloaded picture lands, opened before anything is sent.
/// - A FIFO or a device (`/dev/stdout`) is written straight through.
/// - A file is staged beside it (`O_CREAT|O_EXCL|O_NOFOLLOW`) and renamed over it once whole.
/// - A link is followed only where the kernel's `fs.protected_symlinks` rule would follow it,
///   and its target is then rewritten in place; this code never reads a link.
final class PictureTarget {
    private enum Kind {
        case stream, file, link
    }

    let destination: URL
    private let kind: Kind
    /// The device, or the staged file.
    private let descriptor: Int32
    /// The destination's folder, and the staged file's name in it (`nil` for a stream).
    private let staging: (folder: Int32, name: String)?
    private var committed = false

    private init(destination: URL, kind: Kind, descriptor: Int32, staging: (folder: Int32, name: String)?) {
        self.destination = destination
        self.kind = kind
        self.descriptor = descriptor
        self.staging = staging
    }

    deinit {
        close(descriptor)
        if let staging {
            if !committed { unlinkat(staging.folder, staging.name, 0) }
            close(staging.folder)
        }
    }

    var sink: FileDescriptorSink { FileDescriptorSink(descriptor: descriptor) }

    /// A folder, a link another user planted in a shared folder, or a folder that takes no new
    /// file is refused, and nothing is made.
    static func open(_ destination: URL) throws(LocalFileError) -> PictureTarget {
        let path = destination.path
        let failure = { (reason: String) in LocalFileError(path: path, reason: reason) }
        let folderPath = destination.deletingLastPathComponent().path
        var own = stat()
        let exists = lstat(path, &own) == 0
        let isLink = exists && own.st_mode & S_IFMT == S_IFLNK
        if isLink, !followable(link: own, in: folderPath) {
            throw failure("it is a link another user made in a shared folder; refusing to follow it")
        }
        var status = own
        if exists, !isLink || stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFDIR: throw failure("it is a folder")
            case S_IFIFO, S_IFCHR:
                let device = systemOpen(path, O_WRONLY | O_CLOEXEC, 0)
                guard device >= 0 else { throw failure(String(cString: strerror(errno))) }
                return PictureTarget(
                    destination: destination, kind: .stream, descriptor: device, staging: nil)
            default: break
            }
        }
        let folder = systemOpen(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard folder >= 0 else { throw failure(String(cString: strerror(errno))) }
        let name = ".\(destination.lastPathComponent).\(UUID().uuidString).download"
        let staged = openat(folder, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard staged >= 0 else {
            let reason = String(cString: strerror(errno))
            close(folder)
            throw failure(reason)
        }
        return PictureTarget(
            destination: destination, kind: isLink ? .link : .file, descriptor: staged,
            staging: (folder, name))
    }

    /// The kernel's `fs.protected_symlinks` rule: a link is followed when the follower owns it,
    /// when its folder is not both sticky and world-writable, or when the folder's owner owns it.
    private static func followable(link: stat, in folderPath: String) -> Bool {
        var folder = stat()
        guard stat(folderPath, &folder) == 0 else { return false }
        let shared = folder.st_mode & S_ISVTX != 0 && folder.st_mode & S_IWOTH != 0
        return link.st_uid == geteuid() || !shared || link.st_uid == folder.st_uid
    }

    /// Renamed over a file, copied into a link's target.
    func commit() throws(LocalFileError) {
        guard let staging, !committed else { return }
        let failure = {
            LocalFileError(path: self.destination.path, reason: String(cString: strerror(errno)))
        }
        guard fsync(descriptor) == 0 else { throw failure() }
        switch kind {
        case .stream:
            return
        case .file:
            guard renameat(staging.folder, staging.name, staging.folder, destination.lastPathComponent) == 0
            else {
                throw errno == EISDIR
                    ? LocalFileError(path: destination.path, reason: "it is a folder") : failure()
            }
        case .link:
            // Through the link, so the kernel applies its own rule once more.
            let target = systemOpen(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard target >= 0 else { throw failure() }
            defer { close(target) }
            do {
                lseek(descriptor, 0, SEEK_SET)
                let bytes = try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readToEnd()
                try FileDescriptorSink(descriptor: target).write(bytes ?? Data())
            } catch {
                throw LocalFileError(path: destination.path, reason: "\(error)")
            }
            guard fsync(target) == 0 else { throw failure() }
            unlinkat(staging.folder, staging.name, 0)
        }
        committed = true
    }
}

/// `open(2)`, named apart from `PictureTarget.open`.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
