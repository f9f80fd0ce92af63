extension ExitStatus {
    /// Every status, in the order the README's exit table lists them (`meaning`'s switch makes a
    /// new case say what it means; add it here too).
    static let documented: [ExitStatus] = [
        .success, .usage, .badData, .notFound, .unavailable, .cacheNotWritable, .outputFailed, .conflict,
        .permission, .failure,
    ]

    /// What the status means, one line, for the manual page's EXIT STATUS (the README's exit
    /// table says the same).
    var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "anything else (a broken app plist, say)"
        case .usage: "usage: a bad command line, or fields the contract refuses"
        case .badData: "the server sent data that breaks the contract"
        case .notFound: "not found"
        case .unavailable: "the server is unavailable and no cache can answer"
        case .cacheNotWritable: "the cache directory cannot be written"
        case .outputFailed:
            "standard output cannot be written (a reader that has gone, as in | head -1, ends it quietly by SIGPIPE instead)"
        case .conflict: "a conflict, or the hero changed since it was read"
        case .permission: "unauthorized or forbidden"
        }
    }
}
