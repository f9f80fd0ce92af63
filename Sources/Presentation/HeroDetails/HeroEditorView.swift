/// Shows the result of creating or editing a hero: each field's problem when the input breaks
/// the rules, the saved hero (through `HeroDetailsView`) when it was saved.
@MainActor
public protocol HeroEditorView: HeroDetailsView {
    /// Shows each field at fault and what is wrong with it, sorted by field.
    func showProblems(_ problems: [FieldProblem])
}
