/// How a console view may draw, decided by the composition root; Presentation never looks at
/// the terminal.
public struct ConsoleStyle: Sendable, Hashable {
    /// The width in columns that no line may exceed; at least 1.
    public let width: Int
    /// Whether to colour text with ANSI SGR sequences.
    public let usesColor: Bool
    /// Whether the stream is a terminal, so a progress bar may redraw in place.
    public let isTerminal: Bool

    /// A style for a stream `width` columns wide.
    public init(width: Int = 80, usesColor: Bool = false, isTerminal: Bool = false) {
        self.width = max(1, width)
        self.usesColor = usesColor
        self.isTerminal = isTerminal
    }

    /// Eighty columns, no colour, not a terminal: what a pipe or a file gets.
    public static let plain = ConsoleStyle()
}
