#include "CPostgres.h"

const char *cpostgres_sqlstate(const PGresult *result) {
    // PG_DIAG_SQLSTATE is a macro over a character constant; Swift does not import it.
    const char *state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
    return state ? state : "";
}
