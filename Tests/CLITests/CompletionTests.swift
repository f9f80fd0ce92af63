import Foundation
import Testing

extension CLITests {
    /// `heroes-cli completion bash|zsh|fish`, loaded into the real shells and asked what they
    /// complete: the commands and options of the table, the choices, and team ids from the cache.
    @Suite("Shell completion, written from the command table")
    struct CompletionTests {
        /// The first word of every command the overview lists, as a person sees them.
        static func commandWords(_ cli: CLI) async throws -> Set<String> {
            let overview = try await cli.run("--help").stdout
            let commands =
                overview.components(separatedBy: "COMMANDS:\n").last?
                .components(separatedBy: "\n\n").first ?? ""
            return Set(
                commands.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
            )
        }

        /// Bash lines that print, under `== NAME`, what the script completes at the end of each
        /// line, one candidate a line. The words are split as bash splits them for a completion
        /// function: at blanks, and around `=` and `:` (its default COMP_WORDBREAKS).
        static func bashAsking(_ cases: [(name: String, line: String)]) -> String {
            var lines = [
                "ask() {",
                "    COMP_LINE=\"$1\"; COMP_POINT=${#1}",
                "    read -ra COMP_WORDS <<< \"$(sed 's/[=:]/ & /g' <<< \"$1\")\"",
                "    [[ -z \"$1\" || \"$1\" == *' ' ]] && COMP_WORDS+=('')",
                "    COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()",
                "    _heroes_cli",
                "    printf '%s\\n' \"${COMPREPLY[@]}\"",
                "}",
            ]
            for (name, line) in cases {
                lines.append("echo '== \(name)'")
                lines.append("ask '\(line)'")
            }
            return lines.joined(separator: "\n") + "\n"
        }

        /// Fish lines that print, under `== NAME`, what `complete -C` offers for `line`.
        static func fishAsking(_ cases: [(name: String, line: String)]) -> String {
            cases.map { "echo '== \($0.name)'\ncomplete -C '\($0.line)' | string replace -r '\\t.*' ''" }
                .joined(separator: "\n") + "\nexit 0\n"  // `string replace` fails when a line has no tab
        }

        /// The candidates of each `== NAME` section of `output`.
        static func sections(_ output: String) -> [String: Set<String>] {
            var sections: [String: Set<String>] = [:]
            var current = ""
            for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
                if line.hasPrefix("== ") {
                    current = String(line.dropFirst(3))
                    sections[current] = []
                } else {
                    sections[current, default: []].insert(String(line))
                }
            }
            return sections
        }

        @Test("bash completes every command of the table, each command's options, choices and `demo reset`")
        func bash() async throws {
            let cli = try CLI()
            let script = try await cli.run("completion", "bash")
            #expect(script.status == 0, "\(script)")
            let run = try await Shell.bash.run(
                Self.bashAsking([
                    ("commands", "heroes-cli "),
                    ("after a global option", "heroes-cli --json li"),
                    ("after a URL", "heroes-cli --server http://127.0.0.1:9 sh"),
                    ("list options", "heroes-cli list --p"),
                    ("show options", "heroes-cli show 0007 --pi"),
                    ("globals after the command", "heroes-cli teams --of"),
                    ("color", "heroes-cli --color "),
                    ("color=", "heroes-cli list --color=n"),
                    ("demo", "heroes-cli demo "),
                    ("shells", "heroes-cli completion "),
                    ("help", "heroes-cli help up"),
                ]), loading: script.stdout, cli: cli)
            #expect(run.status == 0, "\(run)")
            let offered = Self.sections(run.stdout)
            let commands = try await Self.commandWords(cli)
            #expect(commands.isSuperset(of: ["list", "show", "demo", "help", "completion"]), "\(commands)")
            #expect(offered["commands"] == commands, "\(run)")
            #expect(offered["after a global option"] == ["list", "lint"])
            #expect(offered["after a URL"] == ["show"], "the URL's ':' does not cut it apart")
            #expect(offered["list options"] == ["--page", "--per-page"])
            #expect(offered["show options"] == ["--picture"])
            #expect(offered["globals after the command"] == ["--offline"])
            #expect(offered["color"] == ["auto", "always", "never"])
            #expect(offered["color="] == ["never"])
            #expect(offered["demo"] == ["reset"])
            #expect(offered["shells"] == ["bash", "zsh", "fish"])
            #expect(offered["help"] == ["update", "upload-picture"])
        }

        @Test(
            "fish completes commands, options and choices through its own complete -C",
            .enabled(if: Shell.fish.executable != nil, "fish is installed"))
        func fish() async throws {
            let cli = try CLI()
            let script = try await cli.run("completion", "fish")
            #expect(script.status == 0, "\(script)")
            let run = try await Shell.fish.run(
                Self.fishAsking([
                    ("commands", "heroes-cli "),
                    ("list options", "heroes-cli list --p"),
                    ("color", "heroes-cli --color "),
                    ("demo", "heroes-cli demo "),
                    ("shells", "heroes-cli completion "),
                ]), loading: script.stdout, cli: cli)
            #expect(run.status == 0, "\(run)")
            let offered = Self.sections(run.stdout)
            #expect(offered["commands"] == (try await Self.commandWords(cli)), "\(run)")
            #expect(offered["list options"] == ["--page", "--per-page"], "\(run)")
            #expect(offered["color"] == ["auto", "always", "never"])
            #expect(offered["demo"] == ["reset"])
            #expect(offered["shells"] == ["bash", "zsh", "fish"])
        }

        @Test(
            "zsh loads the script under compinit and declares every command",
            .enabled(if: Shell.zsh.executable != nil, "zsh is installed"))
        func zsh() async throws {
            let cli = try CLI()
            let script = try await cli.run("completion", "zsh")
            #expect(script.status == 0, "\(script)")
            #expect(script.stdout.hasPrefix("#compdef heroes-cli\n"))
            let run = try await Shell.zsh.run(
                "print -r -- ${_comps[heroes-cli]}\n",
                loading: "autoload -Uz compinit && compinit -u -D\n"
                    + script.stdout, cli: cli)
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.isEmpty, "\(run)")
            #expect(run.stdout == "_heroes_cli\n", "compdef registered the function: \(run)")
            for command in try await Self.commandWords(cli) {
                #expect(script.stdout.contains("        '\(command):"), "\(command) is offered")
            }
        }

        @Test(
            "zsh completes commands, option values and cached team ids at a real prompt",
            .enabled(if: Shell.zsh.executable != nil, "zsh is installed"))
        func zshPrompt() async throws {
            try await withMockServer { server in
                let cli = try CLI(environment: ["HEROES_SERVER": server.baseURL.absoluteString])
                #expect(try await cli.run("sync").status == 0)
                let folder = cli.home.appendingPathComponent("zfunc", isDirectory: true)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(try await cli.run("completion", "zsh").stdout.utf8)
                    .write(to: folder.appendingPathComponent("_heroes-cli"))
                // An interactive zsh on a pseudo-terminal (zsh/zpty), its completion set up as a
                // person's is (fpath, compinit); each line is typed with a Tab into a shell of its
                // own (a listing still being drawn would swallow the next one), and the listing
                // is awaited until the expected word appears, or 20 s pass.
                let typed = [
                    ("heroes-cli li", "lint"), ("heroes-cli --color ", "always"),
                    ("heroes-cli list --team ", "tide-keepers"), ("heroes-cli show 0007 --pi", "--picture"),
                ]
                let lines = typed.map { line, expected in
                    "start; zpty -w -n z '\(line)'$'\\t'; await \(expected); zpty -d z"
                }
                let run = try await Shell.zsh.run(
                    """
                    zmodload zsh/zpty
                    start() {
                        zpty z 'TERM=dumb zsh -f -i'
                        zpty -w z 'PS1="> "; fpath=(\(folder.path) $fpath); autoload -Uz compinit; compinit -u -D'
                    }
                    await() {
                        local all="" chunk end=$(( SECONDS + 20 ))
                        while (( SECONDS < end )); do
                            if zpty -r -t z chunk; then
                                all+=$chunk
                                [[ $all == *$1* ]] && { print -r -- "found $1"; return }
                            else
                                sleep 0.1
                            fi
                        done
                        print -r -- "missing $1 in ${(q)all}"
                    }
                    \(lines.joined(separator: "\n"))

                    """, loading: "", cli: cli)
                for (_, expected) in typed { #expect(run.stdout.contains("found \(expected)\n"), "\(run)") }
            }
        }

        @Test(
            "team ids come from the offline cache alone: none before a sync, every team after, and no request"
        )
        func teamIDs() async throws {
            try await withMockServer { server in
                let cli = try CLI()
                let url = server.baseURL.absoluteString
                let before = try await cli.run("__complete", "teams", "--server", url)
                #expect(before.status == 0, "\(before)")
                #expect(before.stdout.isEmpty && before.stderr.isEmpty, "nothing, quietly: \(before)")
                let cache = cli.home.appendingPathComponent("cache")
                #expect(!FileManager.default.fileExists(atPath: cache.path), "no cache folder is made")
                #expect(try await cli.run("--server", url, "sync").status == 0)
                let teams = try await cli.run("--server", url, "--json", "teams").json()
                let ids = Set(
                    try #require(teams["items"] as? [[String: Any]]).compactMap { $0["id"] as? String })
                #expect(ids.count == 6, "\(teams)")
                let requests = server.lastSequence

                let bash = try await Shell.bash.run(
                    Self.bashAsking([
                        ("typed server", "heroes-cli --server \(url) list --team "),
                        ("server=", "heroes-cli --server=\(url) create --team="),
                        ("one team", "heroes-cli --server \(url) search x --team no"),
                        ("no server typed", "heroes-cli list --team "),
                    ]), loading: try await cli.run("completion", "bash").stdout, cli: cli)
                let offered = Self.sections(bash.stdout)
                #expect(offered["typed server"] == ids, "\(bash)")
                #expect(offered["server="] == ids, "\(bash)")
                #expect(offered["one team"] == ["north-wind"], "\(bash)")
                #expect(offered["no server typed"] == [], "the bundled server's cache is empty: \(bash)")

                if Shell.fish.executable != nil {
                    let fish = try await Shell.fish.run(
                        Self.fishAsking([("teams", "heroes-cli --server \(url) update 0007 --team ")]),
                        loading: try await cli.run("completion", "fish").stdout, cli: cli)
                    #expect(Self.sections(fish.stdout)["teams"] == ids, "\(fish)")
                }
                if Shell.zsh.executable != nil {
                    // compadd is zsh's builtin for candidates; a function of that name shows them.
                    let zsh = try await Shell.zsh.run(
                        "_heroes_cli_words=(heroes-cli --server \(url) list --team '')\n"
                            + "compadd() { print -rl -- ${(P)2} }\n_heroes_cli_teams\n",
                        loading: "compdef() { : }\n" + (try await cli.run("completion", "zsh").stdout),
                        cli: cli)
                    #expect(Set(zsh.stdout.split(separator: "\n").map(String.init)) == ids, "\(zsh)")
                }
                #expect(server.lastSequence == requests, "completion sent no request")
            }
        }

        @Test(
            "a JSON cache past 1 MiB offers no team ids rather than parse the roster for a Tab; it stays whole"
        )
        func largeJSONCache() async throws {
            try await withMockServer { server in
                let cli = try CLI()
                let url = server.baseURL.absoluteString
                #expect(try await cli.run("--server", url, "sync").status == 0)
                let small = try await cli.run("__complete", "teams", "--server", url)
                #expect(small.stdout.contains("dawn-guard"), "\(small)")
                let cache = cli.home.appendingPathComponent("cache")
                let files = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)
                let store = try #require(
                    files?.compactMap { $0 as? URL }.first { $0.lastPathComponent == "heroes.json" })
                // Trailing blanks: the same roster, past the bound a Tab reads.
                let padded = try Data(contentsOf: store) + Data(repeating: 0x20, count: 1 << 20)
                try padded.write(to: store)
                let large = try await cli.run("__complete", "teams", "--server", url)
                #expect(large.status == 0 && large.stdout.isEmpty && large.stderr.isEmpty, "\(large)")
                #expect(try Data(contentsOf: store) == padded, "the store is left as it was")
                let teams = try await cli.run("--server", url, "--offline", "teams")
                #expect(teams.status == 0 && teams.stdout.contains("Dawn Guard"), "\(teams)")
                // Past the store's own 64 MiB (sparse: no disk used), every command names the fix.
                let handle = try FileHandle(forWritingTo: store)
                try handle.truncate(atOffset: 64 << 20 + 1)
                try handle.close()
                let past = try await cli.run("--server", url, "--offline", "teams")
                #expect(past.status == 73, "\(past)")
                #expect(
                    past.stderr.contains("64 MiB") && past.stderr.contains("Heroes-SQLite.plist"), "\(past)")
            }
        }

        @Test(
            "team ids a server sends are offered as literal words, only when they meet the id rule; none runs"
        )
        func hostileTeamIDs() async throws {
            let cli = try CLI()
            let ran = cli.home.appendingPathComponent("ran")
            let hostile = [
                "$(touch${IFS}\(ran.path)-dollar)", "`touch \(ran.path)-backtick`",
                "x;touch${IFS}\(ran.path)-semi", "a b", "-rf", "okay-team", "ok_2",
            ]
            let items = hostile.map { ["id": $0, "name": "Team"] }
            let body = try JSONSerialization.data(withJSONObject: ["items": items])
            let server = try CannedServer(
                head: "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: LENGTH\n\n",
                body: body)
            let url = server.url.absoluteString
            let teams = try await cli.run("--server", url, "--json", "teams")
            #expect(teams.status == 0, "\(teams)")
            #expect(teams.stdout.contains("$(touch"), "the cache holds the hostile ids: \(teams)")

            let bash = try await Shell.bash.run(
                Self.bashAsking([
                    ("all", "heroes-cli --server \(url) list --team "),
                    ("prefix", "heroes-cli --server \(url) list --team ok"),
                    ("dollar", "heroes-cli --server \(url) list --team $"),
                ]), loading: try await cli.run("completion", "bash").stdout, cli: cli)
            let offered = Self.sections(bash.stdout)
            #expect(offered["all"] == ["okay-team", "ok_2", "-rf"], "\(bash)")
            #expect(offered["prefix"] == ["okay-team", "ok_2"], "\(bash)")
            #expect(offered["dollar"] == [], "\(bash)")
            if Shell.zsh.executable != nil {
                let zsh = try await Shell.zsh.run(
                    "_heroes_cli_words=(heroes-cli --server \(url) list --team '')\n"
                        + "compadd() { print -rl -- ${(P)2} }\n_heroes_cli_teams\n",
                    loading: "compdef() { : }\n" + (try await cli.run("completion", "zsh").stdout), cli: cli)
                #expect(
                    Set(zsh.stdout.split(separator: "\n").map(String.init)) == ["okay-team", "ok_2", "-rf"])
            }
            if Shell.fish.executable != nil {
                let fish = try await Shell.fish.run(
                    Self.fishAsking([("teams", "heroes-cli --server \(url) update 0007 --team ")]),
                    loading: try await cli.run("completion", "fish").stdout, cli: cli)
                #expect(Self.sections(fish.stdout)["teams"] == ["okay-team", "ok_2", "-rf"], "\(fish)")
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: cli.home.path)
            #expect(!files.contains { $0.hasPrefix("ran") }, "nothing a server sent ran: \(files)")
        }
    }
}
