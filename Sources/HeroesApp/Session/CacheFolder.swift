import Foundation

/// The folder of the offline cache for one server: one subfolder per origin (scheme, host and
/// port, as browsers key what they keep), so two servers never answer with each other's heroes,
/// and a fixed one for the bundled server.
enum CacheFolder {
    /// The folder for `server` (`nil`: the bundled one) inside `cacheDirectory`, created when
    /// missing. One that cannot be written still serves reads; a write says it is read-only
    /// (`FailureView`).
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

    /// `bundled-demo`, or the server's origin made safe as one file name: `http_example.org_8080`
    /// (the port always written, the scheme's default too).
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
