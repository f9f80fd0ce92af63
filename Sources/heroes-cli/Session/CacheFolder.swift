import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder of the offline cache for one server: one subfolder per server, so heroes of two
/// servers never mix, and a fixed one for the bundled server, whose port changes every run.
enum CacheFolder {
    /// The folder for `server` (`nil`: the bundled one) inside `cacheDirectory`, created and
    /// checked writable; a folder that cannot be written is an error naming it.
    static func prepare(in cacheDirectory: URL, for server: URL?) throws(CacheFolderError) -> URL {
        let folder = cacheDirectory.appendingPathComponent(name(for: server), isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CacheFolderError(folder: folder, reason: "cannot be created")
        }
        guard access(folder.path, W_OK) == 0 else {
            throw CacheFolderError(folder: folder, reason: String(cString: strerror(errno)))
        }
        return folder
    }

    /// `bundled-demo`, or the server's scheme, host and port made safe as one file name.
    static func name(for server: URL?) -> String {
        guard let server, let host = server.host else { return "bundled-demo" }
        let port = server.port.map { "-\($0)" } ?? ""
        let raw = "\(server.scheme ?? "http")-\(host)\(port)"
        return String(raw.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
    }
}

/// The cache folder cannot be created or written.
struct CacheFolderError: Error, Sendable, CustomStringConvertible {
    let folder: URL
    let reason: String
    var description: String {
        "the cache folder \(folder.path) is not writable (\(reason)); choose another with --cache-dir DIR"
    }
}
