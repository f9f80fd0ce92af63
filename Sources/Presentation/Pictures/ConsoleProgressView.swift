import Domain
import Foundation
import Locking

/// A progress bar for standard error, redrawn in place at most once per `minimumInterval` on
/// a terminal; nothing elsewhere.
public final class ConsoleProgressView: TransferProgressView {
    /// Seconds on a monotonic clock; tests pass their own to make rates exact.
    public typealias Clock = @Sendable () -> TimeInterval

    private struct State: Sendable {
        var output: any TextOutputStream & Sendable
        var label = ""
        var start: TimeInterval?
        var lastDraw: TimeInterval?
        var latest: ProgressFigures?
        var latestIsDrawn = false
        var hasDrawn = false
        var isFinished = false
        var frame = 0
    }

    private static let barWidth = 20

    private let state: Locked<State>
    private let style: ConsoleStyle
    private let minimumInterval: TimeInterval
    private let clock: Clock

    public init(
        output: any TextOutputStream & Sendable,
        style: ConsoleStyle,
        minimumInterval: TimeInterval = 0.1,
        clock: @escaping Clock = { ProcessInfo.processInfo.systemUptime }
    ) {
        state = Locked(State(output: output))
        self.style = style
        self.minimumInterval = minimumInterval
        self.clock = clock
    }

    public func begin(_ label: String) {
        state.withLock { state in
            let output = state.output
            state = State(output: output)
            state.label = label
        }
    }

    /// Skipped if the last redraw was too recent; the final report always draws.
    public func report(_ progress: ProgressFigures) {
        guard style.isTerminal else { return }
        state.withLock { state in
            guard !state.isFinished else { return }
            let now = clock()
            if state.start == nil { state.start = now }
            state.latest = progress
            state.latestIsDrawn = false
            let isComplete = progress.total.map { progress.completed >= $0 } ?? false
            if let last = state.lastDraw, now - last < minimumInterval, !isComplete { return }
            draw(&state, now: now)
        }
    }

    /// Draws a held-back last report, then ends the line; nothing if nothing was drawn.
    public func finish() {
        guard style.isTerminal else { return }
        state.withLock { state in
            guard !state.isFinished else { return }
            state.isFinished = true
            if state.latest != nil, !state.latestIsDrawn { draw(&state, now: clock()) }
            if state.hasDrawn { state.output.write("\n") }
        }
    }

    private func draw(_ state: inout State, now: TimeInterval) {
        guard let progress = state.latest else { return }
        let elapsed = now - (state.start ?? now)
        let rate =
            elapsed > 0 && progress.unit == .bytes
            ? Formats.bytes(Int64(Double(progress.completed) / elapsed)) + "/s" : nil
        let bar: String
        var figures: [String]
        if let fraction = progress.fractionCompleted, let total = progress.total {
            let filled = Int((fraction * Double(Self.barWidth)).rounded(.down))
            bar =
                String(repeating: "#", count: filled) + String(repeating: "-", count: Self.barWidth - filled)
            figures = [Formats.percent(fraction), amount(progress.completed, of: total, in: progress.unit)]
        } else {
            let travel = Self.barWidth - 3
            let step = state.frame % (2 * travel)
            let position = step <= travel ? step : 2 * travel - step
            bar =
                String(repeating: " ", count: position) + "<=>"
                + String(repeating: " ", count: travel - position)
            figures = [amount(progress.completed, of: nil, in: progress.unit)]
        }
        if let rate { figures.append(rate) }
        let plain = ([state.label, "[\(bar)]"] + figures).joined(separator: "  ")
        let room = max(1, style.width - 1)
        let line =
            plain.displayWidth <= room
            ? ([state.label, "[" + style.paint(bar, .cyan) + "]"] + figures).joined(separator: "  ")
            : plain.truncated(toWidth: room)
        state.output.write("\r" + line + "\u{1B}[K")
        state.lastDraw = now
        state.latestIsDrawn = true
        state.hasDrawn = true
        state.frame += 1
    }

    /// Without a total, the amount alone.
    private func amount(_ completed: Int64, of total: Int64?, in unit: ProgressFigures.Unit) -> String {
        switch unit {
        case .bytes:
            [Formats.bytes(completed), total.map(Formats.bytes)].compactMap { $0 }.joined(separator: " / ")
        case .count(let things):
            ["\(completed)", total.map { "\($0)" }].compactMap { $0 }.joined(separator: " / ") + " \(things)"
        }
    }
}
