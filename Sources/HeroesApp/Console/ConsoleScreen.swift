import Domain

/// Where the console is: the router moves between these.
enum ConsoleScreen: Sendable, Equatable {
    /// The hero list, on the page and query it was left at.
    case list
    /// One hero's card.
    case details(Hero.ID)
    /// The session is over.
    case quit
}
