import Foundation
import MockServerKit
import Testing

@Suite("mock-server options")
struct CommandLineTests {
    @Test("options set the configuration; the defaults are port 8080 on 127.0.0.1 with the demo users")
    func options() throws {
        let defaults = try MockServerCommandLine.parse([])
        #expect(defaults.port == 8080)
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.users == MockUser.demoUsers)
        let parsed = try MockServerCommandLine.parse([
            "--port", "0", "--host=0.0.0.0", "--fixtures", "/tmp/f", "--state", "/tmp/s.json", "--latency",
            "30",
        ])
        #expect(parsed.port == 0)
        #expect(parsed.host == "0.0.0.0")
        #expect(parsed.fixtures == .directory(URL(fileURLWithPath: "/tmp/f", isDirectory: true)))
        #expect(parsed.stateFile == URL(fileURLWithPath: "/tmp/s.json"))
        #expect(parsed.latencyMilliseconds == 30)
    }

    @Test(
        "a bad option is an error",
        arguments: [
            ["--port"], ["--port", "70000"], ["--port", "x"], ["--verbose"], ["extra"], ["--latency", "-1"],
            ["--users", "/nonexistent/users.json"], ["--proxy-all", "ftp://x"], ["--proxy-all", "/relative"],
            ["--record-mappings", "--proxy-all", "http://x"], ["--record-mappings", "--root-dir", "/tmp"],
        ])
    func badOptions(arguments: [String]) {
        #expect(throws: MockServerError.self) { try MockServerCommandLine.parse(arguments) }
    }

    @Test("a users file gives the users, and a malformed one is an error")
    func usersFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("users.json")
        try Data(#"{"users":[{"name":"a","password":"p","role":"viewer"}]}"#.utf8).write(to: file)
        #expect(
            try MockServerCommandLine.parse(["--users", file.path]).users == [
                MockUser(name: "a", password: "p", role: .viewer)
            ])
        try Data(#"{"users":[{"name":"a","password":"p","role":"admin"}]}"#.utf8).write(to: file)
        #expect(throws: MockServerError.self) { try MockServerCommandLine.parse(["--users", file.path]) }
    }

    @Test("the usage lists every option the parser takes, and an error names the bad word")
    func usageFromDeclaration() throws {
        for name in [
            "port", "host", "fixtures", "users", "state", "latency", "admin-token", "proxy-all",
            "redact-header",
        ] {
            #expect(MockServerCommandLine.usage.contains("[--\(name) "), "\(name) in the synopsis")
            #expect(MockServerCommandLine.usage.contains("\n  --\(name) "), "\(name) explained")
        }
        #expect(throws: MockServerError("unknown option --verbose")) {
            try MockServerCommandLine.parse(["--verbose"])
        }
        #expect(throws: MockServerError("--latency must be milliseconds from 0 to 60000, not 'soon'")) {
            try MockServerCommandLine.parse(["--latency=soon"])
        }
        #expect(try MockServerCommandLine.parse(["--admin-token", "t"]).adminToken == "t")
        let recording = try MockServerCommandLine.parse([
            "--proxy-all", "https://api.example.com/base", "--root-dir", "/tmp/r", "--record-mappings",
            "--redact-header", "X-Api-Key", "--redact-header=X-Other",
        ])
        #expect(recording.proxyAll == URL(string: "https://api.example.com/base"))
        #expect(recording.recordsMappings)
        #expect(recording.redactedHeaders == ["X-Api-Key", "X-Other"])
    }
}
