extension ExitStatus {
    /// Every status, in the order `docs/CLI.md` lists them; add a new case here too.
    static let documented: [ExitStatus] = [
        .success, .usage, .badData, .notFound, .unavailable, .cannotCreate, .outputFailed, .conflict,
        .permission, .configuration, .failure,
    ]

    /// One line, for the manual page's EXIT STATUS.
    var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "anything else (a broken app plist, say)"
        case .usage: "usage: a bad command line, or fields the contract refuses"
        case .badData: "the server sent data that breaks the contract"
        case .notFound: "not found"
        case .unavailable:
            "the server is unavailable and no cache can answer; or serve cannot listen on its port"
        case .cannotCreate: "a file cannot be created: the cache directory's, or the one --output names"
        case .outputFailed:
            "standard output cannot be written (a reader that has gone, as in | head -1, ends it quietly by SIGPIPE instead)"
        case .conflict: "a conflict, or the hero changed since it was read"
        case .permission: "unauthorized or forbidden"
        case .configuration:
            "serve --root-dir: a stub mapping it cannot use (the message names file, JSON path, reason)"
        }
    }
}
