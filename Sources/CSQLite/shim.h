// The system's SQLite (libsqlite3-dev), for the Data layer's SQLiteHeroStore.
#ifndef HEROES_CSQLITE_SHIM_H
#define HEROES_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, a macro Swift cannot import: SQLite
// copies a value bound with it before the bind returns.
static inline sqlite3_destructor_type heroes_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
