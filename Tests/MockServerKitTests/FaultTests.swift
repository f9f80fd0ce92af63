import Foundation
import MockServerKit
import Testing

@Suite("Faults on demand: X-Mock-Fault and registered rules")
struct FaultTests {
    @Test("status:503 answers 503 unavailable and leaves the state untouched")
    func status() async throws {
        try await withServer { _, client async throws in
            let response = try client.send(
                "POST", "/v1/heroes", json: #"{"code_name":"Never Made"}"#,
                headers: [("X-Mock-Fault", "status:503")])
            #expect(response.status == 503)
            #expect(response.errorCode == "unavailable")
            #expect(try client.get("/v1/heroes?q=never%20made").json["total"] as? Int == 0)
            #expect(
                try client.get("/health", headers: [("X-Mock-Fault", "status:500")]).errorCode == "internal")
        }
    }

    @Test("delay:250ms holds the response for at least 250 ms", arguments: [false, true])
    func delay(usesPoll: Bool) async throws {
        try await withServer(.test { $0.usesPoll = usesPoll }) { _, client async throws in
            let clock = ContinuousClock()
            let start = clock.now
            let response = try client.get("/v1/heroes/0001", headers: [("X-Mock-Fault", "delay:250ms")])
            #expect(response.status == 200)
            #expect(clock.now - start >= .milliseconds(250))
        }
    }

    @Test("reset and close-before-headers end the connection without a response", arguments: [false, true])
    func connectionFaults(usesPoll: Bool) async throws {
        try await withServer(.test { $0.usesPoll = usesPoll }) { server, client async throws in
            for fault in ["reset", "close-before-headers"] {
                let connection = try RawConnection(port: server.port)
                try connection.send(
                    "GET /v1/heroes/0001 HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: \(fault)\r\n\r\n")
                #expect(throws: (any Error).self, "\(fault)") { try connection.readResponse() }
                #expect(connection.isClosed())
            }
            #expect(try client.get("/health").status == 200)
        }
    }

    @Test("truncate-body:N sends the full Content-Length but only N body bytes, then closes")
    func truncate() async throws {
        try await withServer { server, _ async throws in
            let connection = try RawConnection(port: server.port)
            try connection.send(
                "GET /v1/heroes/0001 HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: truncate-body:10\r\n\r\n")
            let head = try connection.readHead()
            #expect(head.status == 200)
            #expect(Int(head.header("content-length") ?? "") ?? 0 > 10)
            #expect(connection.readToEnd().count == 10)
        }
    }

    @Test("malformed-json answers a body that does not parse")
    func malformed() async throws {
        try await withServer { _, client async throws in
            let response = try client.get("/v1/heroes", headers: [("X-Mock-Fault", "malformed-json")])
            #expect(response.status == 200)
            #expect(response.header("content-type") == "application/json")
            #expect((try? JSONSerialization.jsonObject(with: Data(response.body))) == nil)
        }
    }

    @Test("stall never answers, and the server keeps serving others", arguments: [false, true])
    func stall(usesPoll: Bool) async throws {
        try await withServer(.test { $0.usesPoll = usesPoll }) { server, client async throws in
            let connection = try RawConnection(port: server.port, timeout: 0.3)
            try connection.send("GET /v1/heroes/0001 HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: stall\r\n\r\n")
            #expect(throws: (any Error).self) { try connection.readResponse() }
            #expect(try client.get("/health").status == 200)
        }
    }

    @Test("trickle delivers the whole body in pieces, slowly", arguments: [false, true])
    func trickle(usesPoll: Bool) async throws {
        try await withServer(.test { $0.usesPoll = usesPoll }) { _, client async throws in
            let normal = try client.get("/v1/heroes?per_page=5")
            let clock = ContinuousClock()
            let start = clock.now
            let trickled = try client.get("/v1/heroes?per_page=5", headers: [("X-Mock-Fault", "trickle")])
            #expect(clock.now - start >= .milliseconds(300))
            #expect(trickled.body == normal.body)
            let slower = clock.now
            let paced = try client.get("/v1/heroes?per_page=5", headers: [("X-Mock-Fault", "trickle:100ms")])
            #expect(clock.now - slower >= .milliseconds(700), "eight pieces, 100 ms apart")
            #expect(paced.body == normal.body)
        }
    }

    @Test("an unknown fault is 400")
    func unknownFault() async throws {
        try await withServer { _, client async throws in
            for fault in [
                "explode", "status:abc", "delay:forever", "truncate-body:-1", ":", "status:", "delay:-5",
                "trickle:0ms", "trickle:11s", "trickle:slow",
                "delay:9999999999999999999s", "delay:61s", "status:99",
            ] {
                #expect(
                    try client.get("/health", headers: [("X-Mock-Fault", fault)]).status == 400, "\(fault)")
            }
        }
    }

    @Test("a rule registered over HTTP makes exactly the third matching request fail")
    func registeredOverHTTP() async throws {
        try await withServer { _, client async throws in
            let rule = try client.send(
                "POST", "/__admin/faults",
                json: #"{"method":"GET","path":"/v1/heroes/0001","fault":"status:503","after":2,"times":1}"#)
            #expect(rule.status == 201)
            let statuses = try (1...4).map { _ in try client.get("/v1/heroes/0001").status }
            #expect(statuses == [200, 200, 503, 200])
            #expect(try client.get("/v1/heroes/0002").status == 200)
        }
    }

    @Test("a rule registered in-process applies N times to its method and path only")
    func registeredInProcess() async throws {
        try await withServer { server, client async throws in
            try server.addFault(FaultRule(method: "GET", path: "/v1/teams", fault: "status:502", times: 2))
            #expect(try client.request("HEAD", "/v1/teams").status == 200)
            let statuses = try (1...3).map { _ in try client.get("/v1/teams").status }
            #expect(statuses == [502, 502, 200])
            #expect(throws: MockServerError.self) {
                try server.addFault(FaultRule(method: "GET", path: "/x", fault: "nonsense"))
            }
        }
    }

    @Test("clearing and listing registered faults over HTTP")
    func listAndClear() async throws {
        try await withServer { server, client async throws in
            try server.addFault(FaultRule(method: "*", path: "/health", fault: "reset", times: 3))
            let list = try client.get("/__admin/faults")
            #expect((list.json["items"] as? [[String: Any]])?.first?["times"] as? Int == 3)
            #expect(try client.request("DELETE", "/__admin/faults").status == 204)
            #expect(try client.get("/health").status == 200)
        }
    }

    @Test("configured latency delays every API response")
    func latency() async throws {
        try await withServer(.test { $0.latencyMilliseconds = 120 }) { _, client async throws in
            let clock = ContinuousClock()
            let start = clock.now
            #expect(try client.get("/health").status == 200)
            #expect(clock.now - start >= .milliseconds(120))
        }
    }

    @Test("stacked delays stay within the 60 s cap in total: more is a 400, never an 80 s wait")
    func stackedDelays() async throws {
        try await withServer { _, client async throws in
            let clock = ContinuousClock()
            let start = clock.now
            let stacked = try client.get("/health", headers: [("X-Mock-Fault", "delay:40s,delay:40s")])
            #expect(stacked.status == 400)
            #expect(stacked.text.contains("add up to more than 60s"))
            #expect(clock.now - start < .seconds(5))
            let rule = try client.send(
                "POST", "/__admin/faults", json: #"{"path":"/health","fault":"delay:30s,delay:31s"}"#)
            #expect(rule.status == 400)
            let within = try client.get("/health", headers: [("X-Mock-Fault", "delay:100ms,delay:100ms")])
            #expect(within.status == 200)
            #expect(clock.now - start >= .milliseconds(200))
        }
    }

    @Test(
        "times or after that is not a whole number within Int is a 400, not silently 1",
        arguments: ["1e30", "9223372036854775808", "99999999999999999999999", "2.5", "true", #""3""#])
    func countOutOfRange(value: String) async throws {
        try await withServer { _, client async throws in
            for key in ["times", "after"] {
                let rule = try client.send(
                    "POST", "/__admin/faults",
                    json: #"{"path":"/health","fault":"status:503",""# + key + #"":"# + value + "}")
                #expect(rule.status == 400, "\(key): \(value)")
                #expect(rule.text.contains("whole numbers"), "\(key): \(value)")
            }
            #expect((try client.get("/__admin/faults").json["items"] as? [Any])?.isEmpty == true)
            #expect(try client.get("/health").status == 200)
            let largest = try client.send(
                "POST", "/__admin/faults",
                json: #"{"path":"/health","fault":"status:503","times":9223372036854775807}"#)
            #expect(largest.status == 201)
        }
    }
}
