/// Every command heroes-cli understands and the options each takes, by their typed keys
/// (`OptionKeys.swift`): the parser, the usage errors and the help text all read this table.
/// The spellings are a contract: other people's scripts call them.
enum CommandTable {
    /// Options every command accepts, before or after its words.
    static let globalOptions = OptionSpec.of(
        .server, .user, .key, .cacheDirectory, .config, .offline, .json, .noColor, .help, .version)

    private static let heroID = ArgumentSpec("ID", help: "the hero's id, as `list` shows it")

    /// The commands, in the order the usage lists them.
    static let commands: [CommandSpec] = [
        CommandSpec(
            .list, ["list"],
            options: .page, .perPage, .team, .search,
            summary: "list the roster, a page at a time"),
        CommandSpec(
            .search, ["search"],
            arguments: [ArgumentSpec("TEXT", help: "text found in a code name or a power, any case")],
            options: .page, .perPage, .team,
            summary: "find heroes by code name or power"),
        CommandSpec(
            .show, ["show"], arguments: [heroID],
            options: .picture,
            summary: "show one hero, with the real name if the key opens it"),
        CommandSpec(
            .create, ["create"],
            options: .codeName, .realName, .power, .team.helping("the team to join"),
            summary: "add a hero (needs an editor account)"),
        CommandSpec(
            .update, ["update"], arguments: [heroID],
            options: .codeName.helping("a new public name"),
            .realName.helping("a new secret identity; an empty NAME removes it"),
            .power.helping("replaces every power; repeat for several"),
            .team.helping("a new team; an empty ID leaves the team"),
            summary: "change some facts of a hero and keep the rest (needs an editor account)"),
        CommandSpec(
            .delete, ["delete"], arguments: [heroID], summary: "remove a hero (needs an editor account)"),
        CommandSpec(
            .picture, ["picture"], arguments: [heroID],
            options: .output,
            summary: "download a hero's picture"),
        CommandSpec(
            .uploadPicture, ["upload-picture"],
            arguments: [heroID, ArgumentSpec("FILE", help: "a PNG of at most 5 MiB")],
            summary: "set a hero's picture (needs an editor account)"),
        CommandSpec(.teams, ["teams"], summary: "list the teams"),
        CommandSpec(
            .sync, ["sync"], summary: "push pending changes, refresh the offline cache and say what changed"),
        CommandSpec(.demo, ["demo"], summary: "a guided tour of every feature against the bundled server"),
        CommandSpec(.demoReset, ["demo", "reset"], summary: "restore the bundled server's demo data"),
        CommandSpec(
            .serve, ["serve"],
            options: .port,
            summary: "run the bundled mock server in the foreground"),
        CommandSpec(
            .lint, ["lint"],
            arguments: [
                ArgumentSpec("FILE", help: "an app plist (default: each bundled one)", optional: true)
            ],
            summary: "check the app plist and its service plists; print a curl line per endpoint"),
    ]
}
