import Foundation
import Network

/// One dictionary of the app plist and its key path, so problems name file and key.
public struct PlistNode {
    let file: String
    let path: [String]
    private let values: [String: Any]

    init(file: String, path: [String], values: [String: Any]) {
        self.file = file
        self.path = path
        self.values = values
    }

    /// A plist file's root dictionary (XML or binary).
    public static func root(of data: Data, file: String) throws(AppPlistError) -> PlistNode {
        let object: Any
        do {
            object = try PropertyListReader.object(from: data)
        } catch {
            throw AppPlistError(file: file, keyPath: "", problem: "is not a property list (\(error.problem))")
        }
        guard let values = object as? [String: Any] else {
            throw AppPlistError(
                file: file, keyPath: "", problem: "the root must be a dictionary of use cases")
        }
        return PlistNode(file: file, path: [], values: values)
    }

    var keys: [String] { values.keys.sorted() }

    func error(_ problem: String, at key: String? = nil) -> AppPlistError {
        AppPlistError(
            file: file, keyPath: (path + (key.map { [$0] } ?? [])).joined(separator: "."), problem: problem)
    }

    /// Fails on any key outside `allowed`, so a typo is refused rather than ignored.
    func allowOnly(_ allowed: Set<String>) throws(AppPlistError) {
        if let unknown = keys.first(where: { !allowed.contains($0) }) {
            throw error(
                "unknown key; this dictionary takes \(allowed.sorted().joined(separator: ", "))", at: unknown)
        }
    }

    func string(_ key: String) throws(AppPlistError) -> String {
        guard let value = try optionalString(key) else { throw error("is missing (a string)", at: key) }
        return value
    }

    func optionalString(_ key: String) throws(AppPlistError) -> String? {
        guard let raw = values[key] else { return nil }
        guard let value = raw as? String, !value.isEmpty else {
            throw error("must be a non-empty string", at: key)
        }
        return value
    }

    /// A number that may be absent; it must lie in `range`.
    func optionalNumber(_ key: String, in range: ClosedRange<Double>) throws(AppPlistError) -> Double? {
        guard let raw = values[key] else { return nil }
        // `raw is Bool` is true for `<integer>1</integer>` on Linux; `PlistValue` is strict.
        guard let number = PlistValue.number(raw), range.contains(number) else {
            throw error("must be a number from \(range.lowerBound) to \(range.upperBound)", at: key)
        }
        return number
    }

    func node(_ key: String) throws(AppPlistError) -> PlistNode {
        guard let node = try optionalNode(key) else { throw error("is missing (a dictionary)", at: key) }
        return node
    }

    func optionalNode(_ key: String) throws(AppPlistError) -> PlistNode? {
        guard let raw = values[key] else { return nil }
        guard let dictionary = raw as? [String: Any] else { throw error("must be a dictionary", at: key) }
        return PlistNode(file: file, path: path + [key], values: dictionary)
    }

    /// An array of dictionaries that may be absent (then empty).
    func nodes(_ key: String) throws(AppPlistError) -> [PlistNode] {
        guard let raw = values[key] else { return [] }
        guard let array = raw as? [Any] else { throw error("must be an array of dictionaries", at: key) }
        var nodes: [PlistNode] = []
        for (index, element) in array.enumerated() {
            guard let dictionary = element as? [String: Any] else {
                throw error("must be a dictionary", at: "\(key)[\(index)]")
            }
            nodes.append(PlistNode(file: file, path: path + ["\(key)[\(index)]"], values: dictionary))
        }
        return nodes
    }
}
