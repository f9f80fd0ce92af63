import Domain
import Foundation

/// `saved N bytes to FILE` or `uploaded FILE as the picture of hero ID`.
@MainActor
public final class ConsolePictureView: PictureView {
    private var lines: ConsoleLines
    private var style: ConsoleStyle { lines.style }

    public init(output: any TextOutputStream, style: ConsoleStyle = .plain) {
        lines = ConsoleLines(output, style)
    }

    public func showDownloaded(_ file: PictureFile, for id: Hero.ID) {
        write("saved", " \(file.byteCount) bytes to \(file.location.path)")
    }

    public func showUploaded(_ file: URL, for id: Hero.ID) {
        write("uploaded", " \(file.lastPathComponent) as the picture of hero \(id)")
    }

    private func write(_ verb: String, _ rest: String) {
        let room = max(1, style.width - verb.displayWidth)
        lines.write(style.paint(verb, .green) + rest.singleLine.truncated(toWidth: room))
    }
}
