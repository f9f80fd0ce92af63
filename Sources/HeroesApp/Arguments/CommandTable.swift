/// Every command and its options, read by the parser, the errors, the help, the man page and
/// completion. The spellings are a contract: other people's scripts call them.
enum CommandTable {
    static let globalOptions = OptionSpec.of(
        .server, .user, .key, .cacheDirectory, .config, .offline, .json, .color, .noColor, .verbose, .help,
        .version)

    /// All but the hidden plumbing.
    static var visibleCommands: [CommandSpec] { commands.filter { !$0.isHidden } }

    private static let heroID = ArgumentSpec("ID", help: "the hero's id, as `list` shows it")

    static let commands: [CommandSpec] = CommandID.allCases.map(spec)

    /// Built alone, so that a run builds no other command's options.
    static func spec(_ id: CommandID) -> CommandSpec {
        switch id {
        case .list:
            CommandSpec(
                id,
                options: .page, .perPage, .team, .search,
                summary: "list the roster, a page at a time",
                examples: [
                    .init("heroes-cli list --per-page 5", "the first five heroes, by code name"),
                    .init("heroes-cli list --team north-wind --page 2", "the second page of one team"),
                    .init("heroes-cli --json list --search fire", "the heroes matching fire, as JSON"),
                ])
        case .search:
            CommandSpec(
                id,
                arguments: [ArgumentSpec("TEXT", help: "text found in a code name or a power, any case")],
                options: .page, .perPage, .team,
                summary: "find heroes by code name or power",
                examples: [
                    .init("heroes-cli search wind", "every hero whose code name or power mentions wind"),
                    .init("heroes-cli search flight --team dawn-guard", "only within one team"),
                ])
        case .show:
            CommandSpec(
                id, arguments: [heroID],
                options: .picture,
                summary: "show one hero, with the real name if the key opens it",
                examples: [
                    .init("heroes-cli show 0007", "one hero's card"),
                    .init(
                        "heroes-cli show 0007 --picture", "the card, then the picture drawn in the terminal"),
                    .init(
                        "heroes-cli --offline --json show 0007",
                        "the cached copy, as JSON, without the network"),
                ])
        case .create:
            CommandSpec(
                id,
                options: .codeName, .realName, .power, .team.helping("the team to join"),
                summary: "add a hero (needs an editor account)",
                examples: [
                    .init("heroes-cli create --code-name Basalt", "a hero with a code name only"),
                    .init(
                        "heroes-cli create --code-name 'Night Owl' --power Flight --power 'Night vision' --team dawn-guard",
                        "with two powers, on a team"),
                ])
        case .update:
            CommandSpec(
                id, arguments: [heroID],
                options: .codeName.helping("a new public name"),
                .realName.helping("a new secret identity; an empty NAME removes it"),
                .power.helping("replaces every power; repeat for several"),
                .team.helping("a new team; an empty ID leaves the team"),
                summary: "change some facts of a hero and keep the rest (needs an editor account)",
                examples: [
                    .init("heroes-cli update 0007 --code-name Quill", "rename a hero"),
                    .init("heroes-cli update 0007 --team ''", "take a hero off its team"),
                    .init("heroes-cli update 0007 --power Flight --power Ink", "replace every power"),
                ])
        case .delete:
            CommandSpec(
                id, arguments: [heroID], summary: "remove a hero (needs an editor account)",
                examples: [
                    .init("heroes-cli delete 0007", "remove a hero"),
                    .init(
                        "heroes-cli --offline delete 0007",
                        "remove it now, and send the delete at the next sync"),
                ])
        case .picture:
            CommandSpec(
                id, arguments: [heroID],
                options: .output,
                summary: "download a hero's picture",
                examples: [
                    .init("heroes-cli picture 0007", "save it as 0007.png here"),
                    .init("heroes-cli picture 0007 --output ~/Pictures/quill.png", "save it where you say"),
                ])
        case .uploadPicture:
            CommandSpec(
                id,
                arguments: [heroID, ArgumentSpec("FILE", help: "a PNG of at most 5 MiB")],
                summary: "set a hero's picture (needs an editor account)",
                examples: [
                    .init("heroes-cli upload-picture 0007 quill.png", "replace a hero's picture"),
                    .init(
                        "heroes-cli upload-picture 0007 quill.png --server https://heroes.example.com --user ana",
                        "on another server, as the editor ana (the password from HEROES_PASSWORD or asked)"),
                ])
        case .teams:
            CommandSpec(
                id, summary: "list the teams",
                examples: [
                    .init("heroes-cli teams", "every team's id and name"),
                    .init("heroes-cli --json teams", "the same, as JSON"),
                ])
        case .sync:
            CommandSpec(
                id, options: .deadline,
                summary: "push pending changes, refresh the offline cache and say what changed",
                examples: [
                    .init("heroes-cli sync", "send pending edits, then fetch every hero and team"),
                    .init(
                        "heroes-cli --json sync", "the change set as JSON: inserted, updated, deleted, pushed"
                    ),
                ])
        case .demo:
            CommandSpec(
                id, summary: "a guided tour of every feature against the bundled server",
                examples: [
                    .init("heroes-cli demo", "run the tour, printing each command as it runs"),
                    .init("heroes-cli demo --no-color | less", "read it at your own pace"),
                ])
        case .demoReset:
            CommandSpec(
                id, summary: "restore the bundled server's demo data",
                examples: [
                    .init("heroes-cli demo reset", "put the bundled server's heroes back as they came"),
                    .init("heroes-cli demo reset && heroes-cli demo", "then take the tour from the start"),
                ])
        case .serve:
            CommandSpec(
                id,
                options: .port, .rootDirectory, .noHeroes,
                summary: "run the bundled mock server in the foreground",
                examples: [
                    .init("heroes-cli serve", "the bundled server on port 8080, until Ctrl-C"),
                    .init("heroes-cli serve --port 0", "on a free port, which it prints"),
                    .init(
                        "heroes-cli serve --root-dir stubs --no-heroes",
                        "your own API, from WireMock mappings"),
                ])
        case .lint:
            CommandSpec(
                id,
                arguments: [
                    ArgumentSpec("FILE", help: "an app plist (default: each bundled one)", optional: true)
                ],
                summary: "check the app plist and its service plists; print a curl line per endpoint",
                examples: [
                    .init("heroes-cli lint", "check the bundled app plist"),
                    .init("heroes-cli lint Mine.plist", "check an app plist of your own"),
                    .init(
                        "heroes-cli lint Mine.plist && heroes-cli --config Mine.plist list",
                        "then run with it"),
                ])
        case .help:
            CommandSpec(
                id,
                arguments: [
                    ArgumentSpec(
                        "COMMAND", help: "the command to explain (default: all of them)", optional: true,
                        repeated: true)
                ],
                options: .man,
                summary: "explain a command, the same as `heroes-cli COMMAND --help`",
                examples: [
                    .init("heroes-cli help list", "the options of list"),
                    .init("heroes-cli help demo reset", "a command of two words"),
                    .init("heroes-cli help --man > heroes-cli.1", "the manual page, for man -l heroes-cli.1"),
                ])
        case .completion:
            CommandSpec(
                id,
                arguments: [
                    ArgumentSpec(
                        "SHELL", help: "the shell the script is for",
                        choices: CompletionShell.allCases.map(\.rawValue))
                ],
                summary: "print a shell completion script for commands, options and team ids",
                examples: [
                    .init("source <(heroes-cli completion bash)", "complete in this bash session"),
                    .init(
                        "heroes-cli completion zsh > ~/.zfunc/_heroes-cli",
                        "for zsh, with fpath+=~/.zfunc before compinit in ~/.zshrc"),
                    .init(
                        "heroes-cli completion fish > ~/.config/fish/completions/heroes-cli.fish", "for fish"),
                ])
        case .complete:
            CommandSpec(
                id,
                arguments: [ArgumentSpec("WHAT", help: "what to list", choices: ["teams"])],
                summary: "print the team ids of the offline cache, one a line, for the completion scripts",
                hidden: true)
        }
    }
}
