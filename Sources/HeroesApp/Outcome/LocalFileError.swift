import Data
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// heroes-cli exits 73 (EX_CANTCREAT) on a `LocalFileError`: a problem here, not the server's.
extension LocalFileError {
    /// Checks before fetching that a download can land at `destination`.
    static func checkWritable(_ destination: URL) throws(LocalFileError) {
        // A FIFO or a device is written straight through: nothing is made beside it.
        var status = stat()
        if stat(destination.path, &status) == 0, [S_IFIFO, S_IFCHR].contains(status.st_mode & S_IFMT) {
            return
        }
        let destination = RemotePictureRepository.followingLinks(destination)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder),
            isFolder.boolValue
        {
            throw LocalFileError(path: destination.path, reason: "it is a folder")
        }
        // A file made and removed, not `access(2)`: root passes that where no file can be made.
        let probe = destination.deletingLastPathComponent()
            .appendingPathComponent(".heroes-cli-\(UUID().uuidString).probe").path
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw LocalFileError(path: destination.path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        unlink(probe)
    }
}
