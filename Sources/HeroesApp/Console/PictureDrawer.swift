import Domain
import Foundation
import Presentation
import TerminalGraphics

/// Draws a hero's picture in the terminal: downloaded with progress into a temporary file,
/// decoded by `TerminalGraphics`, drawn with half blocks to the terminal's width. Only when
/// standard output is a terminal that takes colour; a picture that cannot be decoded gives one
/// line, "picture cannot be shown: …".
@MainActor
struct PictureDrawer {
    let graph: AppGraph
    let views: Views

    /// Whether pictures are drawn at all: standard output is a TTY and colour is not turned off.
    var isEnabled: Bool { views.terminal.outputStyle.usesColor && views.terminal.outputIsTerminal }

    /// Downloads and draws hero `id`'s picture; errors of the download come back unrendered.
    func draw(_ id: Hero.ID) async throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("heroes-picture-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let progress = views.progress()
        progress.begin("picture \(id)")
        do {
            _ = try await graph.pictures.downloadPicture(id, to: file) { progress.report($0) }
            progress.finish()
        } catch {
            progress.finish()
            throw error
        }
        for line in Self.lines(
            for: (try? Data(contentsOf: file)) ?? Data(), columns: views.terminal.outputStyle.width)
        {
            views.say(line)
        }
    }

    /// The drawing of the PNG in `bytes`, at most `columns` wide, or the one line saying why not.
    static func lines(for bytes: Data, columns: Int) -> [String] {
        do {
            let image = try PNGDecoder().decode(Array(bytes))
            return HalfBlockRenderer(columns: columns).render(image)
        } catch {
            return ["picture cannot be shown: \(error)"]
        }
    }
}
