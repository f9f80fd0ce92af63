/// What is wrong with the app plist: the file, the key path inside it, and the problem.
public struct AppPlistError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// The keys from the root to the faulty value: `HeroUseCases.repository.className`.
    public let keyPath: String
    public let problem: String

    init(file: String, keyPath: String, problem: String) {
        self.file = file
        self.keyPath = keyPath
        self.problem = problem
    }

    /// `file: keyPath: problem`, as heroes-cli prints it.
    public var description: String {
        keyPath.isEmpty ? "\(file): \(problem)" : "\(file): \(keyPath): \(problem)"
    }
}
