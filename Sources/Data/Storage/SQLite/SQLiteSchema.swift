/// The tables of `SQLiteHeroStore`, versioned by `PRAGMA user_version`. No migration: another
/// version is set aside (older) or refused (newer), as a cache may be.
enum SQLiteSchema {
    /// The version this code writes.
    static let version = 2

    /// Makes an empty database the store's.
    static let create = """
        CREATE TABLE heroes (
            id TEXT PRIMARY KEY NOT NULL,
            hero TEXT NOT NULL,
            sort_name TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX heroes_in_order ON heroes (sort_name, id);
        CREATE TABLE pages (
            query TEXT PRIMARY KEY NOT NULL,
            ids TEXT NOT NULL,
            page INTEGER NOT NULL,
            per_page INTEGER NOT NULL,
            total INTEGER NOT NULL,
            entity_tag TEXT,
            heroes_version INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE pending_changes (
            position INTEGER PRIMARY KEY NOT NULL,
            change TEXT NOT NULL
        );
        CREATE TABLE store_state (
            id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
            holds_roster INTEGER NOT NULL,
            heroes_version INTEGER NOT NULL,
            hero_count INTEGER NOT NULL,
            last_local_number INTEGER NOT NULL,
            teams TEXT,
            roster_tag TEXT
        );
        INSERT INTO store_state VALUES (1, 0, 0, 0, 0, NULL, NULL);
        CREATE TABLE set_aside (
            what TEXT NOT NULL,
            content BLOB
        );
        """
}
