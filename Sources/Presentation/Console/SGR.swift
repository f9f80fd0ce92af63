enum SGR: String {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"
}

extension ConsoleStyle {
    /// `text` unchanged when colour is off.
    func paint(_ text: String, _ codes: SGR...) -> String { paint(text, codes: codes) }

    /// `text` unchanged when colour is off.
    func paint(_ text: String, codes: [SGR]) -> String {
        guard usesColor, !codes.isEmpty, !text.isEmpty else { return text }
        return "\u{1B}[" + codes.map(\.rawValue).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }

    /// Marks data served from the offline store.
    static let staleText = "(stale: offline copy)"

    /// Marks a local change the server has not confirmed yet.
    static let pendingText = "(pending)"

    /// In colour and plain alike.
    var staleMarker: String { paint(Self.staleText, .yellow, .bold) }

    /// The title is cut, never the stale marker.
    func title(_ title: String, isStale: Bool) -> String {
        let room = isStale ? width - Self.staleText.displayWidth - 1 : width
        let cut = paint(title.singleLine.truncated(toWidth: max(1, room)), .bold)
        return isStale ? cut + " " + staleMarker : cut
    }
}
