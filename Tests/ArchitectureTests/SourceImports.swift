import Foundation

/// One `import` line of a source file, with the `#if` conditions around it.
struct SourceImport: CustomStringConvertible {
    let file: String
    let line: Int
    let module: String
    /// The innermost `#if` condition and whether the import sits in its `#else` branch.
    let condition: (expression: String, inElse: Bool)?

    var description: String { "\(file):\(line): import \(module)" }

    /// Every import in the Swift files under `folder`, relative to the package root.
    static func all(under folder: String) throws -> [SourceImport] {
        let root = PackageGraph.root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var imports: [SourceImport] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            imports += parse(text, file: folder + url.path.dropFirst(root.path.count))
        }
        return imports
    }

    /// Finds imports (with attributes and kinds such as `@testable` or `import struct`) and tracks
    /// `#if` / `#elseif` / `#else` / `#endif` so a conditional fallback can be told apart.
    static func parse(_ text: String, file: String) -> [SourceImport] {
        var conditions: [(expression: String, inElse: Bool)] = []
        var imports: [SourceImport] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                conditions.append((String(line.dropFirst(4)), false))
            } else if line.hasPrefix("#elseif "), !conditions.isEmpty {
                conditions[conditions.count - 1] = (String(line.dropFirst(8)), false)
            } else if line == "#else" || line.hasPrefix("#else "), !conditions.isEmpty {
                conditions[conditions.count - 1].inElse = true
            } else if line.hasPrefix("#endif"), !conditions.isEmpty {
                conditions.removeLast()
            } else if let module = importedModule(line) {
                imports.append(
                    SourceImport(file: file, line: index + 1, module: module, condition: conditions.last))
            }
        }
        return imports
    }

    private static let kinds: Set = [
        "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
    ]

    private static func importedModule(_ line: String) -> String? {
        var words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        while let first = words.first,
            first.hasPrefix("@") || ["public", "internal", "package"].contains(first)
        {
            words.removeFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        let name = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
        return name.split(separator: ".").first.map(String.init)
    }
}
