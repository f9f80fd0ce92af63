import Domain
import Foundation
import Locking
import Presentation
import TestSupport
import Testing

@Suite("ConsoleProgressView")
struct ConsoleProgressViewTests {
    /// A clock the test moves by hand.
    final class ManualClock: Sendable {
        private let seconds = Locked<TimeInterval>(0)
        func advance(_ by: TimeInterval) { seconds.withLock { $0 += by } }
        var now: TimeInterval { seconds.withLock { $0 } }
    }

    let clock = ManualClock()
    let terminal = ConsoleStyle(width: 80, usesColor: false, isTerminal: true)

    func bar(_ buffer: TextBuffer, style: ConsoleStyle) -> ConsoleProgressView {
        let clock = clock
        return ConsoleProgressView(output: buffer, style: style, clock: { clock.now })
    }

    @Test("a count of pages draws as N / M pages, without a byte rate")
    func pages() {
        let buffer = TextBuffer()
        let clock = clock
        let view = ConsoleProgressView(output: buffer, style: terminal, clock: { clock.now })
        view.begin("sync")
        view.report(ProgressFigures(completed: 1, total: 3, unit: .count("pages")))
        clock.advance(1)
        view.report(ProgressFigures(completed: 3, total: 3, unit: .count("pages")))
        view.finish()
        #expect(
            buffer.text.contains("sync  [######--------------]   33%  1 / 3 pages\u{1B}[K"), "\(buffer.text)")
        #expect(buffer.text.contains("100%  3 / 3 pages\u{1B}[K\n"), "\(buffer.text)")
        #expect(!buffer.text.contains("/s"))
    }

    @Test("a known total draws bytes, percent and rate in place, held to one redraw per 100 ms")
    func determinate() {
        let buffer = TextBuffer()
        let view = bar(buffer, style: terminal)
        view.begin("download 0007")
        view.report(TransferProgress(completedBytes: 0, totalBytes: 4_194_304))
        clock.advance(0.05)
        view.report(TransferProgress(completedBytes: 524_288, totalBytes: 4_194_304))  // held back
        clock.advance(0.05)
        view.report(TransferProgress(completedBytes: 1_048_576, totalBytes: 4_194_304))
        clock.advance(0.9)
        view.report(TransferProgress(completedBytes: 4_194_304, totalBytes: 4_194_304))
        view.finish()
        Golden.check(buffer.text, named: "progress-determinate")
        #expect(buffer.text.components(separatedBy: "\r").count - 1 == 3)
        #expect(buffer.text.hasSuffix("\u{1B}[K\n"))
    }

    @Test("an unknown total draws a moving marker, the bytes and the rate; finish draws what was held")
    func indeterminate() {
        let buffer = TextBuffer()
        let view = bar(buffer, style: ConsoleStyle(width: 80, usesColor: true, isTerminal: true))
        view.begin("upload owl.png")
        for step in 1...4 {
            clock.advance(0.25)
            view.report(TransferProgress(completedBytes: Int64(step) * 1000, totalBytes: nil))
        }
        clock.advance(0.01)
        view.report(TransferProgress(completedBytes: 4500, totalBytes: -1))  // held back, drawn by finish
        view.finish()
        view.report(TransferProgress(completedBytes: 9999, totalBytes: nil))  // after finish: ignored
        Golden.check(buffer.text, named: "progress-indeterminate")
    }

    @Test("at a narrow width the line is cut to fit")
    func narrow() {
        let buffer = TextBuffer()
        let view = bar(buffer, style: ConsoleStyle(width: 30, isTerminal: true))
        view.begin("download 0007")
        view.report(TransferProgress(completedBytes: 50, totalBytes: 100))
        view.finish()
        Golden.check(buffer.text, named: "progress-narrow")
    }

    @Test("not a terminal: nothing at all is printed")
    func notATerminal() {
        let buffer = TextBuffer()
        let view = bar(buffer, style: ConsoleStyle(width: 80, usesColor: true, isTerminal: false))
        view.begin("download 0007")
        view.report(TransferProgress(completedBytes: 50, totalBytes: 100))
        view.report(TransferProgress(completedBytes: 100, totalBytes: 100))
        view.finish()
        #expect(buffer.text.isEmpty)
    }

    @Test("no report, no line: finish prints nothing")
    func nothingToFinish() {
        let buffer = TextBuffer()
        let view = bar(buffer, style: terminal)
        view.begin("download 0007")
        view.finish()
        #expect(buffer.text.isEmpty)
    }

    @Test("reports from many threads at once draw whole lines and end with the final state")
    func concurrentReports() async {
        let buffer = TextBuffer()
        let view = ConsoleProgressView(output: buffer, style: terminal, minimumInterval: 0)
        view.begin("download 0007")
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for step in 0..<50 {
                        view.report(
                            TransferProgress(completedBytes: Int64(worker * 50 + step), totalBytes: 1000))
                    }
                }
            }
        }
        view.report(TransferProgress(completedBytes: 1000, totalBytes: 1000))
        view.finish()
        let lines = buffer.text.dropLast().components(separatedBy: "\r").dropFirst()
        #expect(lines.count == 401)
        #expect(lines.allSatisfy { $0.hasPrefix("download 0007  [") && $0.hasSuffix("\u{1B}[K") })
        #expect(lines.last?.contains("100%") == true)
    }
}
