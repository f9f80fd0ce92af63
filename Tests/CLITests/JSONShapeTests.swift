import Foundation
import Testing

extension CLITests {
    /// What `--json` gives a script: the hero's version for the next update, and error fields
    /// spelt as the API spells them.
    @Suite("JSON for scripts: show's version, snake_case error fields")
    struct JSONShapeTests {
        @Test("show --json includes the version, which an update moves on")
        func version() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let before = try await cli.run("--json", "show", "0007").json()
                let version = try #require(before["version"] as? Int, "\(before)")
                #expect(version >= 1)
                #expect(try await cli.run("update", "0007", "--code-name", "Quill").status == 0)
                let after = try await cli.run("--json", "show", "0007").json()
                #expect(after["version"] as? Int == version + 1, "\(after)")
            }
        }

        @Test("a validation error's fields use the API's snake_case names")
        func fieldNames() async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run("--json", "create", "--code-name", "")
                #expect(run.status == 64, "\(run)")
                let error = try #require(try run.json()["error"] as? [String: Any], "\(run)")
                #expect(error["code"] as? String == "validation_failed", "\(run)")
                let fields = try #require(error["fields"] as? [String: String], "\(run)")
                #expect(fields.keys.sorted() == ["code_name"], "\(run)")
                #expect(!run.stdout.contains("codeName"))
            }
        }
    }
}
