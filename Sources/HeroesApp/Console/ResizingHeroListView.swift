import Presentation

/// The console's hero list, laid out anew at each page for the window as it is then: a person
/// who resizes the terminal gets the next page (and the next picture) at the new width, not
/// the width the console started with. Rows are numbered, since the console opens a hero by
/// its row number.
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
