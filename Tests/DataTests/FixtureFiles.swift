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

    /// The published demo key that opens the fixtures' sealed identities: the 32 ASCII bytes
    /// `heroes-demo-clearance-key-2026!!`.
    static let demoKey = "aGVyb2VzLWRlbW8tY2xlYXJhbmNlLWtleS0yMDI2ISE="

    /// `MockServer/MockServerKit/Fixtures/heroes.json`.
    static var heroes: URL {
        packageRoot.appendingPathComponent("MockServer/MockServerKit/Fixtures/heroes.json")
    }
}
