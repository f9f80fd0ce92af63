import Foundation

/// One cache folder per base URL, so two servers (or two APIs under one origin) never share
/// heroes or pending edits.
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

    /// `bundled-demo`, or the base URL as a file name: `http_example.org_8080`, and with a path
    /// `http_example.org_8080_~2Fstaging` (each byte other than a letter, digit, `.` or `-` as `~XX`,
    /// so no two paths share a name).
    static func name(for server: URL?) -> String {
        guard let server, let host = server.host else { return "bundled-demo" }
        let scheme = server.scheme?.lowercased() ?? "http"
        let port = server.port ?? (scheme == "https" ? 443 : 80)
        var path = Substring(server.path)
        while path.hasSuffix("/") { path = path.dropLast() }
        let origin = "\(scheme)_\(safe(host.lowercased()))_\(port)"
        return path.isEmpty ? origin : "\(origin)_\(escaped(path))"
    }

    private static func escaped(_ path: Substring) -> String {
        path.utf8.map { byte in
            let character = Character(Unicode.Scalar(byte))
            return byte < 0x80 && (character.isLetter || character.isNumber || byte == 0x2E || byte == 0x2D)
                ? String(character) : String(format: "~%02X", byte)
        }.joined()
    }

    private static func safe(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
    }
}

struct CacheFolderError: Error, Sendable, CustomStringConvertible {
    let folder: URL
    let reason: String
    var description: String {
        "the cache folder \(folder.path) is not writable (\(reason)); "
            + "choose another with \(Option.cacheDirectory.spec.synopsis)"
    }
}
