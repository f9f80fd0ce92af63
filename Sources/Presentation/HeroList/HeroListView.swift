/// Shows pages of the hero list.
@MainActor
public protocol HeroListView {
    /// Shows a page that has heroes on it.
    func showHeroes(_ list: HeroListViewModel)
    /// Shows that nothing matched (or the page is past the end), saying so in `message`.
    func showNoHeroes(_ list: HeroListViewModel, message: String)
}
