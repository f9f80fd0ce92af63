import Foundation
import Testing

@testable import MockServerKit

@Suite("Body files are read once per file")
struct BodyFolderTests {
    @Test("7: every mapping naming one file shares one copy of its bytes; a changed file is read again")
    func readOnce() throws {
        let root = try stubRoot([:], files: ["a/big.bin": [UInt8](repeating: 1, count: 100_000)])
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = BodyFolder(root.appendingPathComponent("__files"))
        let first = try folder.read("a/big.bin").get()
        let second = try folder.read("a//./big.bin").get()
        #expect(first.withUnsafeBufferPointer(\.baseAddress) == second.withUnsafeBufferPointer(\.baseAddress))
        let file = root.appendingPathComponent("__files/a/big.bin")
        try Data([2, 3]).write(to: file)
        #expect(try folder.read("a/big.bin").get() == [2, 3])
    }
}
