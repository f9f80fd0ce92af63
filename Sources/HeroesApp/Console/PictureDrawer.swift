import Domain
import Foundation
import Presentation
import TerminalGraphics

/// Draws a hero's picture with half blocks, on a colour terminal only; an undecodable picture
/// gives one line.
@MainActor
struct PictureDrawer {
    let graph: AppGraph
    let views: Views

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
        // The window's size now (it may have been resized), less the card and the prompt.
        let rows = views.terminal.rows.map { max(4, $0 - Self.linesKeptFree) }
        for line in Self.lines(
            for: (try? Data(contentsOf: file)) ?? Data(), columns: views.terminal.outputStyle.width,
            rows: rows)
        {
            views.say(line)
        }
    }

    /// Lines of the window left for the hero's card (about eight) and the prompt.
    static let linesKeptFree = 10

    /// The PNG drawn at most `columns` × `rows`, or one line saying why not.
    static func lines(for bytes: Data, columns: Int, rows: Int? = nil) -> [String] {
        do {
            let image = try PNGDecoder().decode(Array(bytes))
            return HalfBlockRenderer(columns: columns, rows: rows).render(image)
        } catch {
            // A PNG error quotes the file's bytes (a chunk's type), so it is escaped whole.
            return ["picture cannot be shown: \("\(error)".terminalEscaped())"]
        }
    }
}
