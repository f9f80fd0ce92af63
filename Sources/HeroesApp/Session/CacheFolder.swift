import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder of the offline cache for one server: one subfolder per scheme and host, so heroes
/// of two deployments never mix, and a fixed one for the bundled server. The port is left out on
/// purpose: a development server comes back on another port, and its cache should still answer.
enum CacheFolder {
    /// The folder for `server` (`nil`: the bundled one) inside `cacheDirectory`, created and
    /// checked writable; a folder that cannot be written is an error naming it.
    static func prepare(in cacheDirectory: URL, for server: URL?) throws(CacheFolderError) -> URL {
        let folder = cacheDirectory.appendingPathComponent(name(for: server), isDirectory: true)
        do {
            // 0700: the cache holds what the server sent, pending edits and sealed names.
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CacheFolderError(folder: folder, reason: "cannot be created")
        }
        guard access(folder.path, W_OK) == 0 else {
            throw CacheFolderError(folder: folder, reason: String(cString: strerror(errno)))
        }
        return folder
    }

    /// `bundled-demo`, or the server's scheme and host made safe as one file name.
    static func name(for server: URL?) -> String {
        guard let server, let host = server.host else { return "bundled-demo" }
        let raw = "\(server.scheme?.lowercased() ?? "http")-\(host.lowercased())"
        return String(raw.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
    }
}

/// The cache folder cannot be created or written.
struct CacheFolderError: Error, Sendable, CustomStringConvertible {
    let folder: URL
    let reason: String
    var description: String {
        "the cache folder \(folder.path) is not writable (\(reason)); "
            + "choose another with \(Option.cacheDirectory.spec.synopsis)"
    }
}
