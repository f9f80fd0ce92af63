import Foundation
import Network
import Testing

@Suite("PropertyListReader: plists from hostile bytes, without crashing the process")
struct PropertyListReaderTests {
    /// `{"k": set{"x"}}` as a binary plist: a dictionary (0xD1), two strings (0x51) and a set (0xC1).
    static func binaryPlist(holding collection: UInt8) -> Data {
        Data(
            [
                0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xD1, 0x01, 0x02, 0x51, 0x6B, collection,
                0x03,
                0x51, 0x78, 0x00, 0x08, 0x00, 0x0B, 0x00, 0x0D, 0x00, 0x0F,
            ] + [UInt8](repeating: 0, count: 6) + [0x02, 0x01] + [0, 0, 0, 0, 0, 0, 0, 0x04]
                + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 0x11])
    }

    /// Found by `fuzz-descriptors` (Fuzz/README.md): Foundation on Linux dies with SIGSEGV
    /// bridging the set of a binary plist, so a service plist holding one crashed the app at load.
    @Test("a binary service plist holding a set is refused at load, not handed to Foundation")
    func binarySetIsRefused() {
        #expect(
            throws: NetworkError.invalidDescriptor(
                .init(file: "x.plist", endpoint: nil, key: nil, problem: "is not a property list"))
        ) {
            try ServiceCatalog(plist: Self.binaryPlist(holding: 0xC1), fileName: "x.plist", endpoints: [])
        }
        #expect(throws: PropertyListReader.Refusal.self) {
            try PropertyListReader.object(from: Self.binaryPlist(holding: 0xC1))
        }
    }

    @Test("the same binary plist with an array in place of the set reads as Foundation reads it")
    func binaryArrayIsRead() throws {
        let object = try PropertyListReader.object(from: Self.binaryPlist(holding: 0xA1))
        #expect((object as? [String: [String]]) == ["k": ["x"]])
    }

    @Test("binary plists Foundation writes, and truncated or lying trailers, are read or refused")
    func writtenAndDamaged() throws {
        let written = try PropertyListSerialization.data(
            fromPropertyList: ["a": ["request": ["path": "/a", "timeout": 2.5]]], format: .binary, options: 0)
        let catalog = try ServiceCatalog(
            plist: written, fileName: "x.plist", endpoints: [Endpoint<Data>("a")])
        #expect(catalog.endpointNames == ["a"])
        for damaged in [written.prefix(20), written.dropLast(1), written.prefix(8) + Data(count: 40)] {
            #expect(throws: PropertyListReader.Refusal.self) {
                try PropertyListReader.object(from: Data(damaged))
            }
        }
    }
}
