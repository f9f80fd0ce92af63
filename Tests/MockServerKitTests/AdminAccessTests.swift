import Foundation
import MockServerKit
import Testing

@Suite("Admin API and fault headers: who may use them")
struct AdminAccessTests {
    @Test("bound to loopback without a token, the admin API and fault headers work")
    func loopback() async throws {
        try await withServer { _, client async throws in
            #expect(try client.get("/__admin/faults").status == 200)
            #expect(
                try client.get("/v1/heroes/0001", headers: [("X-Mock-Fault", "status:503")]).status == 503)
        }
    }

    @Test("bound beyond loopback without a token, both are off")
    func openAddressWithoutToken() async throws {
        try await withServer(.test { $0.host = "0.0.0.0" }) { server, client async throws in
            #expect(!server.adminEnabled)
            #expect(try client.get("/__admin/faults").status == 404)
            #expect(try client.send("POST", "/__admin/reset", json: "{}").status == 404)
            #expect(
                try client.get("/v1/heroes/0001", headers: [("X-Mock-Fault", "status:503")]).status == 200)
        }
    }

    @Test("with a token, the admin API needs it as a bearer token, and fault headers need it too")
    func token() async throws {
        try await withServer(
            .test {
                $0.host = "0.0.0.0"
                $0.adminToken = "adm-123"
            }
        ) { server, client async throws in
            #expect(server.adminEnabled)
            #expect(try client.get("/__admin/faults").status == 401)
            #expect(
                try client.get("/__admin/faults", headers: [("Authorization", "Bearer wrong")]).status == 401)
            #expect(
                try client.get("/__admin/faults", headers: [("Authorization", "Bearer adm-123")]).status
                    == 200)
            #expect(
                try client.get("/v1/heroes/0001", headers: [("X-Mock-Fault", "status:503")]).status == 200)
            let faulted = try client.get(
                "/v1/heroes/0001",
                headers: [("X-Mock-Fault", "status:503"), ("X-Mock-Admin-Token", "adm-123")])
            #expect(faulted.status == 503)
            let entries = try await server.waitForRequests(count: 2)
            #expect(entries.last?.value("x-mock-admin-token") == "<redacted>")
        }
    }

    @Test("--admin-token is parsed")
    func commandLine() throws {
        #expect(try MockServerCommandLine.parse(["--admin-token", "t0k"]).adminToken == "t0k")
        #expect(try MockServerCommandLine.parse([]).adminToken == nil)
    }

    @Test("the Bearer scheme of the admin token is matched whatever its case (RFC 9110)")
    func bearerAnyCase() async throws {
        try await withServer(.test { $0.adminToken = "adm-123" }) { _, client async throws in
            for scheme in ["Bearer", "bearer", "BEARER", "bEaReR"] {
                let response = try client.get(
                    "/__admin/faults", headers: [("Authorization", "\(scheme) adm-123")])
                #expect(response.status == 200, "\(scheme)")
            }
            #expect(
                try client.get("/__admin/faults", headers: [("Authorization", "Basic adm-123")]).status == 401
            )
            #expect(
                try client.get("/__admin/faults", headers: [("Authorization", "bearer adm-1234")]).status
                    == 401)
        }
    }

    @Test("the admin token can come from the environment or a file, not only argv")
    func tokenSources() throws {
        let environment = [MockServerCommandLine.adminTokenVariable: "from-env"]
        #expect(try MockServerCommandLine.parse([], environment: environment).adminToken == "from-env")
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("admin-token")
        try Data("from-file\n".utf8).write(to: file)
        let fromFile = try MockServerCommandLine.parse(
            ["--admin-token-file", file.path], environment: environment)
        #expect(fromFile.adminToken == "from-file")
        #expect(
            try MockServerCommandLine.parse(["--admin-token", "from-argv"], environment: environment)
                .adminToken
                == "from-argv")
        let empty = folder.appendingPathComponent("empty")
        try Data("\n".utf8).write(to: empty)
        #expect(throws: MockServerError.self) {
            try MockServerCommandLine.parse(["--admin-token-file", empty.path])
        }
        #expect(throws: MockServerError.self) {
            try MockServerCommandLine.parse([
                "--admin-token-file", folder.appendingPathComponent("none").path,
            ])
        }
        #expect(throws: MockServerError.self) {
            try MockServerCommandLine.parse([], environment: [MockServerCommandLine.adminTokenVariable: ""])
        }
    }
}
