import Foundation
import Locking
import Network
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Secrets: header patterns, providers' reflection, Basic over plain http")
struct SecretsTests {
    @Test(
        "headers named like a credential are hidden by pattern",
        arguments: [
            "Authorization", "proxy-authorization", "Cookie", "X-Auth-Token", "X-Api-Key", "Client-Secret",
            "x-amz-security-token", "Api-Key",
        ])
    func hiddenHeaders(name: String) {
        #expect(Redaction.standard.hidesHeader(name))
    }

    @Test("ordinary headers stay visible", arguments: ["Accept", "Content-Type", "If-Match", "Keep-Alive"])
    func visibleHeaders(name: String) {
        #expect(!Redaction.standard.hidesHeader(name))
    }

    @Test("neither dump nor description of a provider shows the credential")
    func providersHideTheirSecret() {
        let basic = BasicAuthentication(username: "ed", password: "hunter2")
        let bearer = BearerTokenAuthentication(token: "t0k3n-value")
        for provider in [basic as any AuthenticationProvider, bearer] {
            var dumped = ""
            dump(provider, to: &dumped)
            let shown = dumped + "\(provider)" + String(reflecting: provider)
            #expect(!shown.contains("hunter2") && !shown.contains("t0k3n-value"))
            #expect(!shown.contains(Data("ed:hunter2".utf8).base64EncodedString()))
        }
    }

    final class Lines: Sendable {
        private let lines = Locked<[NetworkLogger.Event]>([])
        var all: [NetworkLogger.Event] { lines.withLock { $0 } }
        func record(_ event: NetworkLogger.Event) { lines.withLock { $0.append(event) } }
    }

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>ping</key><dict><key>request</key><dict><key>path</key><string>/ping</string></dict></dict>
        </dict></plist>
        """
    static let ping = Endpoint<NoContent>("ping")

    static func service(base: String, logger: NetworkLogger) throws -> (WebService, StubTransport) {
        let catalog = try ServiceCatalog(
            plist: Data(plist.utf8), fileName: "Ping.plist", endpoints: [ping], registry: DescriptorRegistry()
        )
        let transport = StubTransport()
        let service = WebService(
            baseURL: try #require(URL(string: base)), catalog: catalog, transport: transport,
            authentication: BasicAuthentication(username: "ed", password: "hunter2"), logger: logger)
        return (service, transport)
    }

    @Test("Basic credentials over plain http to another host are warned about once")
    func plainHTTPWarning() async throws {
        let lines = Lines()
        let (service, transport) = try Self.service(
            base: "http://heroes.example.com", logger: NetworkLogger(sink: lines.record))
        transport.on("GET /ping", .status(204), .status(204))
        _ = try await service.call(Self.ping)
        _ = try await service.call(Self.ping)
        let warnings = lines.all.filter { if case .warning = $0 { true } else { false } }
        #expect(warnings.count == 1)
        #expect(warnings.first?.description.contains("heroes.example.com") == true)
        #expect(!lines.all.map(\.description).joined().contains("hunter2"))
    }

    @Test(
        "no warning over https or to loopback",
        arguments: ["https://heroes.example.com", "http://127.0.0.1:8080"])
    func noWarning(base: String) async throws {
        let lines = Lines()
        let (service, transport) = try Self.service(base: base, logger: NetworkLogger(sink: lines.record))
        transport.on("GET /ping", .status(204))
        _ = try await service.call(Self.ping)
        #expect(!lines.all.contains { if case .warning = $0 { true } else { false } })
    }
}
