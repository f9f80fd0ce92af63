@MainActor
struct HelpCommand {
    let views: Views

    /// Prints the help `topic` (command words) asks for, or the whole manual page with `man`.
    func run(topic: [String], man: Bool) throws(UsageError) {
        if man {
            views.say(ManPage.text())
        } else if topic.isEmpty {
            views.say(HelpText.overview())
        } else {
            views.say(HelpText.help(for: try CommandLineParser().command(named: topic)))
        }
    }
}
