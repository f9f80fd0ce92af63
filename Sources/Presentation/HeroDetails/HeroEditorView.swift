/// Shows each field's problem, or the saved hero (through `HeroDetailsView`).
@MainActor
public protocol HeroEditorView: HeroDetailsView {
    /// Shows each field at fault and what is wrong with it, sorted by field.
    func showProblems(_ problems: [FieldProblem])
}
