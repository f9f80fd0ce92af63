import Foundation
import Testing

/// The PNG files the decoding suites read: this target's own damaged and reference images, and
/// the mock server's fixture pictures, which the app decodes in practice.
enum TestImages {
    /// `MockServer/MockServerKit/Fixtures/pictures`, found from this source file.
    static let fixtureFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MockServer/MockServerKit/Fixtures/pictures", isDirectory: true)

    /// The bytes of `name`: `fixture/NAME` from the mock server's pictures, else from `Resources`.
    static func bytes(_ name: String) throws -> [UInt8] {
        if name.hasPrefix("fixture/") {
            return Array(
                try Data(contentsOf: fixtureFolder.appendingPathComponent(String(name.dropFirst(8)))))
        }
        let url = try #require(
            Bundle.module.url(
                forResource: "Resources/" + name.replacingOccurrences(of: ".png", with: ""),
                withExtension: "png"))
        return Array(try Data(contentsOf: url))
    }
}
