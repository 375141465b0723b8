// The test process's limits, set before the testing library starts: see CTestLimits.c.
int ctestlimits_width(void);

// CCurl's (Sources/CCurl/OneArena.c): whether a command line runs on one allocator arena from the
// process's start. Declared here, for the tests alone: in CCurl's header every module that
// imports CCurl would be rebuilt for a function that only its constructor and the tests call.
int ccurl_wants_one_arena(int argc, const char *const *argv);
