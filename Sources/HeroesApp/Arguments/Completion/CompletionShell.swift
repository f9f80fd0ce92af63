enum CompletionShell: String, Sendable, CaseIterable {
    case bash, zsh, fish

    func script() -> String {
        let table = CompletionTable()
        return switch self {
        case .bash: BashCompletion.script(table)
        case .zsh: ZshCompletion.script(table)
        case .fish: FishCompletion.script(table)
        }
    }
}
