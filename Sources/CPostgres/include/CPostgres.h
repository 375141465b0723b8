#ifndef CPOSTGRES_H
#define CPOSTGRES_H

// libpq's client API, for the results history's PostgreSQL store. Its calls are not variadic:
// Swift calls them directly, and this header only makes them a module.
#include <postgresql/libpq-fe.h>

/// The SQLSTATE of a failed result (`40P01` for a deadlock), or "" when there is none.
const char *cpostgres_sqlstate(const PGresult *result);

#endif
