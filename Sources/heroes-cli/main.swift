import Foundation

/// Until the CLI issue lands, the executable explains itself and exits cleanly.
let usage = """
    heroes-cli: browse, search and edit a roster of heroes over the Heroes API.

    USAGE: heroes-cli <command> [options]

    The commands (list, search, show, create, edit, delete, reveal, sync, picture) arrive with
    the CLI issue. Today the Domain, Network and Data layers and the mock server are in place:
    `swift test` runs their tests, and `swift run mock-server --port 8080` serves the API.
    """
print(usage)
