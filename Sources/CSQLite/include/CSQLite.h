#ifndef CSQLITE_H
#define CSQLITE_H

#include <sqlite3.h>

/// Binds UTF-8 text that SQLite copies before returning: `SQLITE_TRANSIENT` is a cast macro Swift
/// does not import, and a Swift string's bytes live only for the call.
int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length);

#endif
