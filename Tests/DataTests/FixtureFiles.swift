import Foundation

/// The mock server's fixture files, which the Data layer's tests decode too.
enum FixtureFiles {
    /// The folder holding Package.swift, found from this source file.
    static let packageRoot: URL = {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        return root
    }()

    /// `MockServer/MockServerKit/Fixtures/heroes.json`.
    static var heroes: URL {
        packageRoot.appendingPathComponent("MockServer/MockServerKit/Fixtures/heroes.json")
    }
}
