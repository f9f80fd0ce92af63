import Foundation
import Testing

/// Compares a console transcript with `Tests/CLITests/Golden/NAME.txt`, read from the source tree.
/// The server's clock is masked (`updated  <time>`), escapes show as `⎋`. Run with
/// `UPDATE_GOLDEN=1` to rewrite the files from the actual output, then review them with `git diff`.
enum ConsoleGolden {
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        let visible = masked(actual)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden/\(name).txt")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            do {
                try visible.write(to: file, atomically: true, encoding: .utf8)
            } catch {
                Issue.record("could not write \(file.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record(
                "no golden file Golden/\(name).txt; run with UPDATE_GOLDEN=1 to create it. Actual:\n\(visible)",
                sourceLocation: sourceLocation)
            return
        }
        guard expected != visible else { return }
        let old = expected.components(separatedBy: "\n")
        let new = visible.components(separatedBy: "\n")
        let first = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        Issue.record(
            """
            transcript differs from Golden/\(name).txt at line \(first + 1):
            - \(first < old.count ? old[first] : "(end)")
            + \(first < new.count ? new[first] : "(end)")
            --- actual ---
            \(visible)
            """, sourceLocation: sourceLocation)
    }

    /// The transcript with the server's timestamps replaced and escapes made visible.
    static func masked(_ text: String) -> String {
        text.components(separatedBy: "\n").map { line in
            guard let range = line.range(of: "  updated    ") else { return line }
            let rest = line[range.upperBound...]
            let version = rest.range(of: " (version").map { String(rest[$0.lowerBound...]) } ?? ""
            return line[..<range.upperBound] + "<time>" + version
        }
        .joined(separator: "\n")
        .replacingOccurrences(of: "\u{1B}", with: "⎋")
    }
}
