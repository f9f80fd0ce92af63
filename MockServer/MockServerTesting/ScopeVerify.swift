import Foundation
import MockServerKit

/// `verify` mode: `mock-server verify`'s own run, each drift turned into one problem.
enum ScopeVerify {
    private struct Report: Decodable {
        struct Result: Decodable {
            let file: String
            let method: String
            let url: String
            let outcome: String
            let differences: [String]
        }

        let results: [Result]
    }

    /// One line per drifting stub and difference: the file under `mappings/` and the JSON path.
    static func drift(root: URL, against target: URL) async -> [String] {
        let outcome = await VerifyCommand.run([
            "--root-dir", root.path, "--against", target.absoluteString, "--json",
        ])
        guard outcome.status == 0 || outcome.status == 1,
            let report = try? JSONDecoder().decode(Report.self, from: Data(outcome.output.utf8))
        else {
            return ["verify against \(target.absoluteString) failed: \(outcome.errors)"]
        }
        return report.results.filter { $0.outcome == "drift" }.flatMap { result in
            result.differences.map {
                "drift in mappings/\(result.file) (\(result.method) \(result.url)): \($0)"
            }
        }
    }
}
