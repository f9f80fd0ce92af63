import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads `ROOT/mappings/**.json` sorted (so equal priorities tie the same everywhere) and
/// `ROOT/__files`. A bad file stops the load.
enum MappingLoader {
    /// In load order.
    static func load(root: URL, files: BodyFolder) throws(MockServerError) -> [StubMapping] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw MockServerError(configuration: "--root-dir: \(root.path) is not a directory")
        }
        let folder = root.appendingPathComponent("mappings", isDirectory: true)
        var mappings: [StubMapping] = []
        var ids: [String: String] = [:]
        try refuseLink(folder.path, named: "mappings/")
        for relative in try jsonFiles(under: folder) {
            let name = "mappings/\(relative)"
            let data: Data
            do {
                data = try Data(contentsOf: folder.appendingPathComponent(relative))
            } catch {
                throw MockServerError(configuration: "\(name): cannot be read")
            }
            do throws(MappingError) {
                for mapping in try decode(data, file: name, files: files) {
                    if let first = ids[mapping.id] {
                        throw MappingError(
                            file: name, path: "$.id",
                            reason: "id \(mapping.id) is already the id of a stub in \(first)")
                    }
                    ids[mapping.id] = name
                    mappings.append(mapping)
                }
            } catch {
                throw MockServerError(configuration: error.description)
            }
        }
        return mappings
    }

    /// One file: a mapping or `{"mappings": [...]}`.
    static func decode(_ data: Data, file: String, files: BodyFolder?) throws(MappingError) -> [StubMapping] {
        guard let value = StubJSON(parsing: JSONComments.strip(Array(data))) else {
            throw MappingError(file: file, path: "$", reason: "not valid JSON")
        }
        let root = JSONCursor(value: value, path: "$", file: file)
        if let list = root.member("mappings") {
            try root.onlyKeys(["mappings", "meta"])
            return try list.elements().map { cursor throws(MappingError) in
                try StubMapping(cursor, files: files)
            }
        }
        return [try StubMapping(root, files: files)]
    }

    /// The `.json` files below `folder`, relative and sorted; none when it is missing. A link
    /// anywhere below is refused, naming it: followed, it could load files from outside the root.
    private static func jsonFiles(under folder: URL) throws(MockServerError) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            try refuseLink(folder.appendingPathComponent(relative).path, named: "mappings/\(relative)")
            if relative.lowercased().hasSuffix(".json") { found.append(relative) }
        }
        return found.sorted()
    }

    private static func refuseLink(_ path: String, named name: String) throws(MockServerError) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return }
        throw MockServerError(
            configuration:
                "\(name) is a symbolic link, which is never followed; put the files themselves there")
    }
}
