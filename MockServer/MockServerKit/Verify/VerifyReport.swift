import Foundation

/// What `verify` found for one stub.
struct VerifyResult {
    enum Outcome: String {
        case ok, drift, skipped
    }

    let file: String
    let method: String
    let url: String
    let outcome: Outcome
    var differences: [String] = []
    var additions: [String] = []
    /// Why it was skipped, or what was not compared.
    var reason: String?
}

/// Every result, as lines or as one JSON document.
struct VerifyReport {
    let results: [VerifyResult]
    /// Differences and additions shown per stub in the lines; the JSON has them all.
    static let shownPerStub = 5

    var hasDrift: Bool { results.contains { $0.outcome == .drift } }

    func count(_ outcome: VerifyResult.Outcome) -> Int {
        results.filter { $0.outcome == outcome }.count
    }

    var summary: String {
        "\(count(.ok)) ok, \(count(.drift)) drift, \(count(.skipped)) skipped"
    }

    /// One line per stub (and its first differences, indented), then the summary; the API's
    /// and the files' text escaped for a terminal (`TerminalText`).
    var text: String {
        var lines: [String] = []
        let safe = TerminalText.escaped
        for result in results {
            let head =
                "\(result.outcome.rawValue) \(safe(result.file)) \(safe(result.method)) \(safe(result.url))"
            lines.append(result.reason.map { "\(head): \(safe($0))" } ?? head)
            for difference in result.differences.prefix(Self.shownPerStub) {
                lines.append("  - \(safe(difference))")
            }
            if result.differences.count > Self.shownPerStub {
                lines.append("  - … and \(result.differences.count - Self.shownPerStub) more")
            }
            for addition in result.additions.prefix(Self.shownPerStub) {
                lines.append("  + \(safe(addition)) (added)")
            }
            if result.additions.count > Self.shownPerStub {
                lines.append("  + … and \(result.additions.count - Self.shownPerStub) more added")
            }
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"results": [...], "summary": {"ok", "drift", "skipped"}}`, keys sorted.
    var json: String {
        let results: [Any] = self.results.map { result in
            [
                "file": result.file, "method": result.method, "url": result.url,
                "outcome": result.outcome.rawValue, "differences": result.differences,
                "additions": result.additions, "reason": result.reason.map { $0 as Any } ?? NSNull(),
            ] as [String: Any]
        }
        let document: [String: Any] = [
            "results": results,
            "summary": ["ok": count(.ok), "drift": count(.drift), "skipped": count(.skipped)],
        ]
        let data = try? JSONSerialization.data(
            withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return (data.map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}
