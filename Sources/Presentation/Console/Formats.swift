import Foundation

/// Dates, sizes and rates, shared by the console and JSON views.
enum Formats {
    /// UTC to the second, such as `2026-11-30T12:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    /// `512 B`, `1.5 KiB`, `2.0 MiB`.
    static func bytes(_ count: Int64) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard count >= 1024 else { return "\(count) B" }
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return String(format: "%.1f %@", value, units[unit])
    }

    /// A fraction from 0 to 1 as ` 45%`, always four columns.
    static func percent(_ fraction: Double) -> String {
        let whole = Int((min(1, max(0, fraction)) * 100).rounded(.down))
        return String(repeating: " ", count: 3 - String(whole).count) + "\(whole)%"
    }
}
