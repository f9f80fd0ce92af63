import Foundation

/// An app plist: the bundled `Heroes.plist`, or the file `--config` names.
struct AppPlist {
    let root: PlistNode
    /// The folder relative paths in it are resolved against; `nil` for the bundled one.
    let folder: URL?

    /// The bundled app plists: the one it runs, then the others `lint` checks too.
    static let bundledNames = ["Heroes", "Heroes-SQLite"]

    static func bundled(_ name: String = "Heroes") throws(AppPlistError) -> AppPlist {
        guard let url = Bundle.module.url(forResource: name, withExtension: "plist") else {
            throw AppPlistError(file: "\(name).plist", keyPath: "", problem: "is not in HeroesApp's bundle")
        }
        return try load(url, folder: nil)
    }

    static func file(_ url: URL) throws(AppPlistError) -> AppPlist {
        try load(url, folder: url.deletingLastPathComponent())
    }

    private static func load(_ url: URL, folder: URL?) throws(AppPlistError) -> AppPlist {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw AppPlistError(
                file: url.path, keyPath: "", problem: "cannot be read (\(error.localizedDescription))")
        }
        return AppPlist(root: try PlistNode.root(of: data, file: url.lastPathComponent), folder: folder)
    }
}
