import Domain

// Every option, declared once. The spellings are a contract; a command that means more by
// one gives it its own help line (`.team.helping(…)`), never another spelling.

extension Option where Value == String {
    static var server: Self {
        Self(
            "server", "URL", help: "the Heroes API to use (default: the bundled demo server)",
            environment: "HEROES_SERVER")
    }
    static var user: Self {
        Self(
            "user", "NAME", help: "editor account for writes; the password comes from HEROES_PASSWORD",
            environment: "HEROES_USER")
    }
    static var key: Self {
        Self(
            "key", "BASE64", help: "clearance key that reveals secret identities",
            environment: "HEROES_CLEARANCE_KEY")
    }
    static var cacheDirectory: Self {
        Self(
            "cache-dir", "DIR",
            help: "where the offline cache lives (default: $XDG_CACHE_HOME/heroes, else ~/.cache/heroes)",
            environment: "HEROES_CACHE_DIR")
    }
    static var config: Self { Self("config", "FILE", help: "an app plist to use instead of the bundled one") }
    static var team: Self { Self("team", "ID", help: "only heroes of this team (see `teams`)") }
    static var rootDirectory: Self {
        Self("root-dir", "DIR", help: "WireMock stub mappings from DIR/mappings, bodies from DIR/__files")
    }
    static var search: Self { Self("search", "TEXT", help: "only heroes matching TEXT") }
    static var codeName: Self { Self("code-name", "NAME", help: "the public name (required)") }
    static var realName: Self {
        Self("real-name", "NAME", help: "the secret identity, sealed with the clearance key")
    }
    static var output: Self { Self("output", "FILE", help: "where to save it (default: ID.png here)") }
}

extension Option where Value == ColorChoice {
    static var color: Self {
        Self(
            "color", "WHEN",
            help: "colour: auto (on a terminal, unless NO_COLOR is set), always or never")
    }
}

extension Option where Value == Int {
    static var page: Self { Self("page", "N", in: 1...Int.max, help: "the page to show, from 1") }
    static var perPage: Self {
        Self("per-page", "N", in: HeroQuery.perPageRange, help: "heroes per page, 1–100 (default 20)")
    }
    static var deadline: Self {
        Self(
            "deadline", "SECONDS", in: 1...86_400,
            help:
                "stop the sync after SECONDS (default \(SyncDeadlineError.defaultSeconds)); the cache keeps its last complete sync"
        )
    }
    static var port: Self {
        Self("port", "N", in: 0...65_535, help: "port to listen on (default 8080; 0 picks one)")
    }
}

extension Option where Value == [String] {
    static var power: Self { Self(repeating: "power", "P", help: "a power; repeat for several") }
}

extension Option where Value == Bool {
    static var offline: Self {
        Self(
            flag: "offline",
            help: "answer from the cache only and keep writes pending for sync; never touch the network")
    }
    static var json: Self { Self(flag: "json", help: "print machine-readable JSON on standard output") }
    static var noColor: Self {
        Self(flag: "no-color", help: "the same as --color=never")
    }
    static var verbose: Self {
        Self(
            flag: "verbose",
            help: "on standard error, one line per HTTP exchange and what the cache did; never credentials")
    }
    static var help: Self { Self(flag: "help", help: "show help for heroes-cli or for a command") }
    static var version: Self { Self(flag: "version", help: "print the version") }
    static var noHeroes: Self {
        Self(flag: "no-heroes", help: "answer 404 to what no stub matches, instead of the hero routes")
    }
    static var man: Self { Self(flag: "man", help: "print the manual page (roff), made from the same table") }
    static var picture: Self {
        Self(
            flag: "picture",
            help: "draw the picture too (24-bit colour, on a terminal, when colour is on)")
    }
}
