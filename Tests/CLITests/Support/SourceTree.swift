import Foundation

/// Files of the repository that the CLI suites read or edit copies of.
enum SourceTree {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The app plist in the source tree, the same file the build bundles.
    static let appPlist = root.appendingPathComponent("Sources/HeroesApp/Heroes.plist")

    /// The checked-in manual page, which `heroes-cli help --man` must reproduce.
    static let manPage = root.appendingPathComponent("docs/heroes-cli.1")
}
