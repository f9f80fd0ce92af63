/// Shows pages of the hero list.
@MainActor
public protocol HeroListView {
    func showHeroes(_ list: HeroListViewModel)
    /// Nothing matched (or the page is past the end).
    func showNoHeroes(_ list: HeroListViewModel, message: String)
}
