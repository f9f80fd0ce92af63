/// The ANSI Select Graphic Rendition codes the console views use.
enum SGR: String {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"
}

extension ConsoleStyle {
    /// `text` wrapped in the SGR `codes` when colour is on; `text` unchanged otherwise.
    func paint(_ text: String, _ codes: SGR...) -> String { paint(text, codes: codes) }

    /// `text` wrapped in the SGR `codes` when colour is on; `text` unchanged otherwise.
    func paint(_ text: String, codes: [SGR]) -> String {
        guard usesColor, !codes.isEmpty, !text.isEmpty else { return text }
        return "\u{1B}[" + codes.map(\.rawValue).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    /// The words that mark data served from the offline store.
    static let staleText = "(stale: offline copy)"

    /// The words that mark a local change the server has not confirmed yet.
    static let pendingText = "(pending)"

    /// The marker on data served from the offline store, in colour and plain alike.
    var staleMarker: String { paint(Self.staleText, .yellow, .bold) }

    /// `title` in bold, then the stale marker when `isStale`; the title is cut, never the marker.
    func title(_ title: String, isStale: Bool) -> String {
        let room = isStale ? width - Self.staleText.displayWidth - 1 : width
        let cut = paint(title.singleLine.truncated(toWidth: max(1, room)), .bold)
        return isStale ? cut + " " + staleMarker : cut
    }
}
