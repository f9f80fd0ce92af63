import Foundation
import Testing

/// Compares a screen's text with a committed golden file under `Golden/`.
///
/// Escape characters show as `⎋` and carriage returns as `␍`, so colour and in-place redraws are
/// readable in the file and in a diff. Run with `UPDATE_GOLDEN=1` to rewrite the files from the
/// actual output (then review them with `git diff`).
enum Golden {
    static func check(
        _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let visible = actual.replacingOccurrences(of: "\u{1B}", with: "⎋")
            .replacingOccurrences(of: "\r", with: "␍")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent()
                .appendingPathComponent("Golden/\(name).txt")
            do {
                try visible.write(to: source, atomically: true, encoding: .utf8)
            } catch {
                Issue.record("could not write \(source.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let url = Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Golden"),
            let expected = try? String(contentsOf: url, encoding: .utf8)
        else {
            Issue.record(
                "no golden file Golden/\(name).txt; run with UPDATE_GOLDEN=1 to create it. Actual:\n\(visible)",
                sourceLocation: sourceLocation)
            return
        }
        guard expected != visible else { return }
        Issue.record(
            "output differs from Golden/\(name).txt\n\(difference(expected: expected, actual: visible))",
            sourceLocation: sourceLocation)
    }

    /// Each differing line as `-expected` / `+actual` with its number, then the whole actual text.
    static func difference(expected: String, actual: String) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        var lines: [String] = []
        for index in 0..<max(old.count, new.count) {
            let left = index < old.count ? old[index] : nil
            let right = index < new.count ? new[index] : nil
            guard left != right else { continue }
            lines.append("line \(index + 1):")
            if let left { lines.append("- \(left)") }
            if let right { lines.append("+ \(right)") }
        }
        return (lines + ["--- actual ---", actual]).joined(separator: "\n")
    }
}
