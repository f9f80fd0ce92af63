import Foundation

/// Files of the repository that the CLI suites read or edit copies of.
enum SourceTree {
    /// The app plist in the source tree, the same file the build bundles.
    static let appPlist = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Sources/HeroesApp/Heroes.plist")
}
