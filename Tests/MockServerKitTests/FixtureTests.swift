import COpenSSL
import Foundation
import MockServerKit
import Testing

@Suite("Fixtures: invented heroes, real pictures, sealed identities")
struct FixtureTests {
    /// The published demo clearance key (demo only): base64 of `heroes-demo-clearance-key-2026!!`.
    static let demoKey = Array(Data(base64Encoded: "aGVyb2VzLWRlbW8tY2xlYXJhbmNlLWtleS0yMDI2ISE=") ?? Data())

    static func fixtures() throws -> URL {
        try #require(MockServerConfiguration.bundledFixtures)
    }

    static func heroes() throws -> [[String: Any]] {
        let data = try Data(contentsOf: fixtures().appendingPathComponent("heroes.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test("there are at least 40 heroes in at least 5 teams, each with 1 to 5 powers and a unique code name")
    func shape() throws {
        let heroes = try Self.heroes()
        #expect(heroes.count >= 40)
        let teams = Set(heroes.compactMap { ($0["team"] as? [String: Any])?["id"] as? String })
        #expect(teams.count >= 5)
        #expect(heroes.allSatisfy { (1...5).contains(($0["powers"] as? [String])?.count ?? 0) })
        let names = heroes.compactMap { ($0["code_name"] as? String)?.lowercased() }
        #expect(Set(names).count == heroes.count)
        let teamFile = try Data(contentsOf: Self.fixtures().appendingPathComponent("teams.json"))
        let listed = try #require(
            (try JSONSerialization.jsonObject(with: teamFile) as? [String: Any])?["items"] as? [[String: Any]]
        )
        #expect(teams.isSubset(of: Set(listed.compactMap { $0["id"] as? String })))
    }

    @Test("most heroes have a real PNG picture of at most 50 KB")
    func pictures() throws {
        let heroes = try Self.heroes()
        let withPicture = heroes.filter { $0["picture_url"] is String }
        #expect(withPicture.count * 4 >= heroes.count * 3)
        for hero in withPicture {
            let id = try #require(hero["id"] as? String)
            let url = try Self.fixtures().appendingPathComponent("pictures/\(id).png")
            let bytes = try [UInt8](Data(contentsOf: url))
            #expect(bytes.count <= 50 * 1024)
            #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
            #expect(Array(bytes.suffix(8).prefix(4)) == Array("IEND".utf8))
        }
    }

    @Test("every sealed identity opens with the demo key to the expected name, and not with another key")
    func sealedIdentities() throws {
        let url = try #require(
            Bundle.module.url(forResource: "real-names", withExtension: "json", subdirectory: "Resources"))
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: String])
        var opened = 0
        for hero in try Self.heroes() {
            guard let sealed = hero["encrypted_real_name"] as? String else { continue }
            let id = try #require(hero["id"] as? String)
            #expect(Self.open(sealed, key: Self.demoKey) == expected[id], "hero \(id)")
            #expect(Self.open(sealed, key: Array(repeating: 7, count: 32)) == nil)
            opened += 1
        }
        #expect(opened == expected.count)
        #expect(opened >= 40)
    }

    @Test("the server serves exactly the fixture heroes")
    func servedAsStored() async throws {
        let heroes = try Self.heroes()
        try await withServer { _, client async throws in
            let page = try client.get("/v1/heroes?per_page=100")
            let served = try #require(page.json["items"] as? [[String: Any]])
            #expect(served.count == heroes.count)
            for hero in served {
                let stored = try #require(heroes.first { $0["id"] as? String == hero["id"] as? String })
                #expect(NSDictionary(dictionary: stored).isEqual(to: hero))
            }
        }
    }

    /// Opens `base64(nonce ‖ ciphertext ‖ tag)` with AES-256-GCM; nil when the tag does not verify.
    static func open(_ sealed: String, key: [UInt8]) -> String? {
        guard let data = Data(base64Encoded: sealed), data.count >= 28, key.count == 32 else { return nil }
        let bytes = [UInt8](data)
        let nonce = Array(bytes[0..<12])
        let ciphertext = Array(bytes[12..<(bytes.count - 16)])
        var tag = Array(bytes[(bytes.count - 16)...])
        guard let context = EVP_CIPHER_CTX_new() else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var length: Int32 = 0
        var finalLength: Int32 = 0
        guard EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1,
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, 12, nil) == 1,
            EVP_DecryptInit_ex(context, nil, nil, key, nonce) == 1,
            EVP_DecryptUpdate(context, &output, &length, ciphertext, Int32(ciphertext.count)) == 1,
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, 16, &tag) == 1
        else { return nil }
        let verified = output.withUnsafeMutableBufferPointer { buffer in
            EVP_DecryptFinal_ex(context, buffer.baseAddress?.advanced(by: Int(length)), &finalLength) == 1
        }
        guard verified else { return nil }
        return String(decoding: output[0..<Int(length + finalLength)], as: UTF8.self)
    }
}
