#include "CTestLimits.h"

#include <stdlib.h>
#include <sys/resource.h>

// Swift Testing runs every test at once unless told otherwise, and hundreds of tests that each
// start a server and a client hold two thousand descriptors at the peak: on a machine whose limit
// is lower, a test fails with "too many open files" or a connection that cannot be opened. So the
// test process, before the testing library reads its environment (a constructor runs before
// main), raises its descriptor limit to the hard one and caps how many tests run at once, unless
// the caller chose a width. 24 at once keeps the peak far below 1024 and the run as fast.
static const char *width_variable = "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH";

__attribute__((constructor)) static void ctestlimits_setup(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
    setenv(width_variable, "24", 0);
}

int ctestlimits_width(void) {
    const char *value = getenv(width_variable);
    return value == NULL ? 0 : atoi(value);
}
