import Foundation
import Testing

extension PseudoTerminal {
    /// One turn of a conversation on the terminal: when `waitFor` has appeared (counting from
    /// the previous turn's point), resize the window to `columns`×`rows` if given, then type
    /// `line`, if given.
    struct Turn: Codable {
        var waitFor: String
        var columns: Int?
        var rows: Int?
        var line: String?
    }

    private static let conversation = """
        import fcntl, json, os, pty, select, struct, sys, termios, time
        columns, rows, turns, argv = int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3]), sys.argv[4:]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(argv[0], argv)
        def size(c, r):
            fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", r, c, 0, 0))
        size(columns, rows)
        out, mark, end = b"", 0, time.time() + 30
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                out += data
            if turns and turns[0]["waitFor"].encode() in out[mark:]:
                turn = turns.pop(0)
                mark = len(out)
                if turn.get("columns"):
                    size(turn["columns"], turn["rows"])
                if turn.get("line") is not None:
                    os.write(fd, turn["line"].encode() + b"\\n")
        _, status = os.waitpid(pid, 0)
        sys.stdout.buffer.write(out)
        sys.exit(os.waitstatus_to_exitcode(status))
        """

    /// Runs `arguments` of heroes-cli on a terminal `columns`×`rows` big, taking `turns` in order.
    static func converse(
        _ cli: CLI, _ arguments: [String], columns: Int, rows: Int, turns: [Turn],
        environment: [String: String] = [:]
    ) async throws -> CLI.Run {
        let text = String(decoding: try JSONEncoder().encode(turns), as: UTF8.self)
        return try await play(
            conversation, ["\(columns)", "\(rows)", text], cli, arguments, environment: environment)
    }
}
