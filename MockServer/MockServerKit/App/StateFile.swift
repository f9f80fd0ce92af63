import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the heroes' state across runs in one JSON file, replaced atomically (temp file, fsync, rename).
struct StateFile: Sendable {
    /// Where the state lives.
    let url: URL

    /// The saved heroes and pictures, or nil when there is no file yet. A corrupt file is an error,
    /// never silently replaced.
    func load(teams: [TeamRecord]) throws(MockServerError) -> (
        heroes: [HeroRecord], pictures: [String: [UInt8]]
    )? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let object = try FixtureSet.readJSON(url)
        guard let root = object as? [String: Any], root["format"] as? Int == 1, let heroes = root["heroes"],
            let encoded = root["pictures"] as? [String: String]
        else { throw MockServerError("\(url.path): not a mock server state file (format 1)") }
        let records = try FixtureSet.parseHeroes(heroes, teams: teams, file: url.path)
        var pictures: [String: [UInt8]] = [:]
        for (id, text) in encoded {
            guard let data = Data(base64Encoded: text) else {
                throw MockServerError("\(url.path): the picture of \(id) is not base64")
            }
            pictures[id] = Array(data)
        }
        return (records, pictures)
    }

    /// Writes the state: a temp file beside the target, flushed to disk, then renamed over it.
    func save(heroes: [HeroRecord], pictures: [String: [UInt8]]) throws(MockServerError) {
        let document = Document(
            heroes: heroes, pictures: pictures.mapValues { Data($0).base64EncodedString() })
        let bytes = WireJSON.encode(document) + [UInt8(ascii: "\n")]
        let temporary = url.path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw MockServerError(posix: "cannot write \(temporary)") }
        let written = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(fd, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written, synced, rename(temporary, url.path) == 0 else {
            let error = MockServerError(posix: "cannot replace \(url.path)")
            unlink(temporary)
            throw error
        }
    }

    /// The file's JSON: `{"format": 1, "heroes": [Hero, …], "pictures": {id: base64 PNG}}`.
    private struct Document: Encodable {
        var format = 1
        let heroes: [HeroRecord]
        let pictures: [String: String]
    }
}
