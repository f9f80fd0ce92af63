import Foundation

/// The cache folder of one server: one per origin (scheme, host, port), so two servers never
/// answer with each other's heroes.
enum CacheFolder {
    /// The folder for `server` (`nil`: the bundled one), created when missing. One that cannot be
    /// written still serves reads.
    static func prepare(in cacheDirectory: URL, for server: URL?) throws(CacheFolderError) -> URL {
        let folder = cacheDirectory.appendingPathComponent(name(for: server), isDirectory: true)
        do {
            // 0700: the cache holds what the server sent, pending edits and sealed names.
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CacheFolderError(folder: folder, reason: "cannot be created")
        }
        return folder
    }

    /// `bundled-demo`, or the origin as a file name: `http_example.org_8080`.
    static func name(for server: URL?) -> String {
        guard let server, let host = server.host else { return "bundled-demo" }
        let scheme = server.scheme?.lowercased() ?? "http"
        let port = server.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)_\(safe(host.lowercased()))_\(port)"
    }

    private static func safe(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
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
