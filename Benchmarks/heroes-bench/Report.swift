import Foundation

/// The table heroes-bench prints: one line per measure, aligned, with its verdict.
struct Report {
    /// One measure: ours against the baseline, and the ratio it must not exceed.
    struct Row {
        let name: String
        let ours: String
        let baseline: String
        let ratio: Double
        /// `nil` for a measure printed for information only, which neither passes nor fails.
        let goal: Double?
        var passes: Bool { goal.map { ratio.isFinite && ratio <= $0 } ?? true }
    }

    private static let widths = [60, 12, 12, 8, 8]
    private(set) var failures = 0

    /// Prints the header.
    func header() {
        line(["name", "ours", "baseline", "ratio", "goal", "verdict"])
    }

    /// Prints a measure's line as soon as it is known.
    mutating func add(_ row: Row) {
        if !row.passes { failures += 1 }
        guard let goal = row.goal else {
            line([row.name, row.ours, row.baseline, String(format: "%.2f×", row.ratio), "-", "(info)"])
            return
        }
        line([
            row.name, row.ours, row.baseline, String(format: "%.2f×", row.ratio),
            String(format: "≤ %.2f×", goal), row.passes ? "PASS" : "FAIL",
        ])
    }

    /// Prints a measure that could not run, and why; it counts as missed, since nothing was shown.
    mutating func skip(_ name: String, because reason: String) {
        failures += 1
        line([name, "-", "-", "-", "-", "SKIP (\(reason))"])
    }

    private func line(_ cells: [String]) {
        var text = ""
        for (index, cell) in cells.enumerated() {
            let width = index < Self.widths.count ? Self.widths[index] : 0
            text += cell + String(repeating: " ", count: max(1, width - cell.count + 1))
        }
        print(text.trimmingCharacters(in: .whitespaces))
        fflush(nil)  // every stream: a line shows as soon as its measure ends, even on a pipe
    }
}

/// A duration with a unit that fits it.
func formatted(_ duration: Duration) -> String {
    let seconds = duration.seconds
    if seconds < 1e-3 { return String(format: "%.2f µs", seconds * 1e6) }
    if seconds < 1 { return String(format: "%.1f ms", seconds * 1e3) }
    return String(format: "%.2f s", seconds)
}

/// Kilobytes as megabytes.
func formatted(kilobytes: Int) -> String {
    String(format: "%.1f MB", Double(kilobytes) / 1024)
}
