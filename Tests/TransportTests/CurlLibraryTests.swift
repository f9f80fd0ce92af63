import Testing

@testable import Transport

#if os(Linux)
    @Suite("CurlTransport's loopback hosts, which never go through the environment's proxy")
    struct LoopbackTests {
        @Test(
            "loopback names and addresses are told from others",
            arguments: [
                ("localhost", true), ("LOCALHOST", true), ("api.localhost", true), ("127.0.0.1", true),
                ("127.1.2.3", true), ("::1", true), ("[::1]", true), ("127.0.0.1.example.com", false),
                ("127.example", false), ("localhost.example.com", false), ("10.0.0.1", false), (nil, false),
            ])
        func loopback(host: String?, expected: Bool) {
            #expect(CurlTransfer.isLoopback(host) == expected)
        }
    }
#endif

#if os(Linux)
    @Suite("The oldest libcurl CurlTransport runs on")
    struct LibcurlVersionTests {
        @Test("7.68.0 and later run; older ones are refused naming the version found and the one needed")
        func minimum() throws {
            #expect(CurlLibrary.refusal(of: 0x07_44_00, named: "7.68.0") == nil)
            #expect(CurlLibrary.refusal(of: 0x07_58_01, named: "7.88.1") == nil)
            let refusal = try #require(CurlLibrary.refusal(of: 0x07_43_00, named: "7.67.0"))
            #expect(refusal.contains("7.67.0") && refusal.contains("7.68.0"))
            #expect(CurlLibrary.failure == nil, "the running libcurl, \(CurlLibrary.version), is refused")
        }
    }
#endif
