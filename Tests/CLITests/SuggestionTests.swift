import Foundation
import Testing

extension CLITests {
    /// A mistyped command, option or choice is answered with the nearest spelling the table
    /// knows, when one is close; a word far from every spelling gets none.
    @Suite("Did you mean: the nearest spelling of a mistyped word")
    struct SuggestionTests {
        @Test(
            "a near miss names the word meant, exit 64",
            arguments: [
                // One swap of neighbours: one edit, where plain Levenshtein counts two, too many
                // for a word of four letters.
                (["lsit"], "unknown command 'lsit'; did you mean `list`?"),
                (["serach", "wind"], "unknown command 'serach'; did you mean `search`?"),
                (["uplod-picture", "0007", "x.png"], "did you mean `upload-picture`?"),
                (["list", "--pgae", "2"], "unknown option --pgae for `list`; did you mean `--page`?"),
                (["list", "--per-pgae=2"], "did you mean `--per-page`?"),
                (["show", "0007", "--jsno"], "unknown option --jsno for `show`; did you mean `--json`?"),
                (["create", "--code-nmae", "X"], "did you mean `--code-name`?"),
                (["demo", "rest"], "unexpected argument 'rest' for `demo`; did you mean `demo reset`?"),
                (
                    ["--color=alwys", "list"],
                    "--color WHEN must be `auto`, `always` or `never`, not 'alwys'; did you mean `always`?"
                ),
                (
                    ["completion", "zhs"],
                    "`completion` SHELL must be `bash`, `zsh` or `fish`, not 'zhs'; did you mean `zsh`?"
                ),
            ])
        func nearMiss(arguments: [String], message: String) async throws {
            let run = try await CLI().run(arguments)
            #expect(run.status == 64, "\(run)")
            #expect(run.stderr.contains(message), "\(run)")
            #expect(run.stdout.isEmpty)
            let json = try await CLI().run(["--json"] + arguments)
            let error = try #require(try json.json()["error"] as? [String: Any], "\(json)")
            #expect((error["message"] as? String)?.contains(message) == true, "\(json)")
        }

        @Test(
            "a word close to nothing gets no guess",
            arguments: [
                (["xyzzy"], "unknown command 'xyzzy'; the commands are list, search, show"),
                (["li"], "unknown command 'li'; the commands are"),
                (["list", "--frobnicate"], "unknown option --frobnicate for `list` [usage]"),
                (["show", "0007", "--x"], "unknown option --x for `show` [usage]"),
                (["--color=blue", "list"], "not 'blue' [usage]"),
            ])
        func farMiss(arguments: [String], message: String) async throws {
            let run = try await CLI().run(arguments)
            #expect(run.status == 64, "\(run)")
            #expect(run.stderr.contains(message), "\(run)")
            #expect(!run.stderr.contains("did you mean"), "\(run)")
            #expect(!run.stderr.contains("__complete"), "the hidden command is never listed")
        }
    }
}
