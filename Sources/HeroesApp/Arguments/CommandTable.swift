import Domain

/// Every command and option heroes-cli understands, declared once. The spellings are a contract:
/// other people's scripts call them.
enum CommandTable {
    /// Options every command accepts, before or after its words.
    static let globalOptions: [OptionSpec] = [
        OptionSpec(
            "server", .text("URL"), help: "the Heroes API to use (default: the bundled demo server)",
            environment: "HEROES_SERVER"),
        OptionSpec(
            "user", .text("NAME"), help: "editor account for writes; the password comes from HEROES_PASSWORD",
            environment: "HEROES_USER"),
        OptionSpec(
            "key", .text("BASE64"), help: "clearance key that reveals secret identities",
            environment: "HEROES_CLEARANCE_KEY"),
        OptionSpec(
            "cache-dir", .text("DIR"), help: "where the offline cache lives (default: ~/.cache/heroes)",
            environment: "HEROES_CACHE_DIR"),
        OptionSpec("config", .text("FILE"), help: "an app plist to use instead of the bundled one"),
        OptionSpec(
            "offline",
            help: "answer from the cache only and keep writes pending for sync; never touch the network"),
        OptionSpec("json", help: "print machine-readable JSON on standard output"),
        OptionSpec("no-color", help: "never colour the output (NO_COLOR does the same)"),
        OptionSpec("help", help: "show help for heroes-cli or for a command"),
        OptionSpec("version", help: "print the version"),
    ]

    private static let heroID = ArgumentSpec("ID", help: "the hero's id, as `list` shows it")
    private static let page = OptionSpec("page", .integer("N", 1...Int.max), help: "the page to show, from 1")
    private static let perPage = OptionSpec(
        "per-page", .integer("N", HeroQuery.perPageRange), help: "heroes per page, 1–100 (default 20)")
    private static let team = OptionSpec("team", .text("ID"), help: "only heroes of this team (see `teams`)")
    private static let createFields: [OptionSpec] = [
        OptionSpec("code-name", .text("NAME"), help: "the public name (required)"),
        OptionSpec("real-name", .text("NAME"), help: "the secret identity, sealed with the clearance key"),
        OptionSpec("power", .repeated("P"), help: "a power; repeat for several"),
        OptionSpec("team", .text("ID"), help: "the team to join"),
    ]
    private static let updateFields: [OptionSpec] = [
        OptionSpec("code-name", .text("NAME"), help: "a new public name"),
        OptionSpec("real-name", .text("NAME"), help: "a new secret identity; an empty NAME removes it"),
        OptionSpec("power", .repeated("P"), help: "replaces every power; repeat for several"),
        OptionSpec("team", .text("ID"), help: "a new team; an empty ID leaves the team"),
    ]

    /// The commands, in the order the usage lists them.
    static let commands: [CommandSpec] = [
        CommandSpec(
            .list, ["list"],
            options: [
                page, perPage, team, OptionSpec("search", .text("TEXT"), help: "only heroes matching TEXT"),
            ],
            summary: "list the roster, a page at a time"),
        CommandSpec(
            .search, ["search"],
            arguments: [ArgumentSpec("TEXT", help: "text found in a code name or a power, any case")],
            options: [page, perPage, team],
            summary: "find heroes by code name or power"),
        CommandSpec(
            .show, ["show"], arguments: [heroID],
            options: [
                OptionSpec(
                    "picture",
                    help: "draw the picture too (24-bit colour, on a terminal, when NO_COLOR is unset)")
            ],
            summary: "show one hero, with the real name if the key opens it"),
        CommandSpec(
            .create, ["create"], options: createFields, summary: "add a hero (needs an editor account)"),
        CommandSpec(
            .update, ["update"], arguments: [heroID], options: updateFields,
            summary: "change some facts of a hero and keep the rest (needs an editor account)"),
        CommandSpec(
            .delete, ["delete"], arguments: [heroID], summary: "remove a hero (needs an editor account)"),
        CommandSpec(
            .picture, ["picture"], arguments: [heroID],
            options: [OptionSpec("output", .text("FILE"), help: "where to save it (default: ID.png here)")],
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
            options: [
                OptionSpec(
                    "port", .integer("N", 0...65_535), help: "port to listen on (default 8080; 0 picks one)")
            ],
            summary: "run the bundled mock server in the foreground"),
        CommandSpec(
            .lint, ["lint"],
            arguments: [
                ArgumentSpec("FILE", help: "an app plist (default: the bundled one)", optional: true)
            ],
            summary: "check the app plist and its service plists; print a curl line per endpoint"),
    ]
}
