/// Shows each field's problem, or the saved hero (through `HeroDetailsView`).
@MainActor
public protocol HeroEditorView: HeroDetailsView {
    /// Sorted by field.
    func showProblems(_ problems: [FieldProblem])
}
