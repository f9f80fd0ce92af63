import Domain

enum ConsoleScreen: Sendable, Equatable {
    /// The hero list, on the page and query it was left at.
    case list
    case details(Hero.ID)
    case quit
}
