/// How a console view may draw, decided by the composition root; Presentation never looks at
/// the terminal.
public struct ConsoleStyle: Sendable, Hashable {
    /// Columns no line may exceed; at least 1.
    public let width: Int
    /// ANSI SGR colours.
    public let usesColor: Bool
    /// A terminal, so a progress bar may redraw in place.
    public let isTerminal: Bool

    public init(width: Int = 80, usesColor: Bool = false, isTerminal: Bool = false) {
        self.width = max(1, width)
        self.usesColor = usesColor
        self.isTerminal = isTerminal
    }

    /// What a pipe or a file gets.
    public static let plain = ConsoleStyle()
}
