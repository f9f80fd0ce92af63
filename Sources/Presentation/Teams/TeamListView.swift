import Domain

/// Shows the teams heroes can belong to.
@MainActor
public protocol TeamListView {
    /// In order; `isStale` when they came from the offline store.
    func showTeams(_ teams: [Team], isStale: Bool)
}
