/// What is wrong with the app plist: the file, the key path inside it, and the problem.
struct AppPlistError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The plist's file name.
    let file: String
    /// The keys from the root to the faulty value: `HeroManager.dataAccessController.className`.
    let keyPath: String
    /// What is wrong there.
    let problem: String

    var description: String {
        keyPath.isEmpty ? "\(file): \(problem)" : "\(file): \(keyPath): \(problem)"
    }
}
