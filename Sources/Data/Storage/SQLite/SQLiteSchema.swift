/// The tables of `SQLiteHeroStore`, versioned by `PRAGMA user_version`. No migration: another
/// version is set aside (older) or refused (newer), as a cache may be.
enum SQLiteSchema {
    /// 4: drafts are `local.N`, and a cache's folder names its base URL's path.
    static let version = 4

    /// A row per hero, so a read costs the heroes it names; the rest (pages, teams, pending
    /// changes, flags) as one small JSON document.
    static let create = """
        CREATE TABLE heroes (
            id TEXT PRIMARY KEY NOT NULL,
            hero TEXT NOT NULL,
            sort_name TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX heroes_in_order ON heroes (sort_name, id);
        CREATE TABLE state (
            id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
            content TEXT NOT NULL
        );
        CREATE TABLE set_aside (
            what TEXT NOT NULL,
            content BLOB
        );
        """
}
