import Presentation

/// The console's numbered hero list, laid out at each page for the window's width then.
@MainActor
struct ResizingHeroListView: HeroListView {
    let views: Views

    func showHeroes(_ list: HeroListViewModel) {
        views.heroList(numbered: true).showHeroes(list)
    }

    func showNoHeroes(_ list: HeroListViewModel, message: String) {
        views.heroList(numbered: true).showNoHeroes(list, message: message)
    }
}
