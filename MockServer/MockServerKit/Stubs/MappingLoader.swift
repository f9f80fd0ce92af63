import Foundation

/// Reads WireMock's standalone layout: every `.json` file under `ROOT/mappings` (sorted by path,
/// so the later of two equal priorities is the same on every machine), each one mapping or
/// `{"mappings": [...]}`, with bodies from `ROOT/__files`. The first bad file stops the load.
enum MappingLoader {
    /// The mappings under `root`, in load order, their body files read through `files`.
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
        for relative in jsonFiles(under: folder) {
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

    /// The mappings in one file's bytes.
    static func decode(_ data: Data, file: String, files: BodyFolder?) throws(MappingError) -> [StubMapping] {
        guard let value = StubJSON(parsing: data) else {
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

    /// The `.json` files below `folder`, relative to it, sorted; none when it does not exist.
    private static func jsonFiles(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.lowercased().hasSuffix(".json") { found.append(relative) }
        }
        return found.sorted()
    }
}
