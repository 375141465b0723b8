#include <malloc.h>
#include <string.h>

// Declared for the tests in Tests/CTestLimits (CCurl.h would rebuild every module importing it).
int ccurl_wants_one_arena(int argc, const char *const *argv);

// 1 when the command line names a command that reads big answers on whichever thread is free
// (`live`, `record`): the first argument that is not an option.
int ccurl_wants_one_arena(int argc, const char *const *argv) {
    for (int i = 1; i < argc && argv[i] != NULL; i++) {
        if (argv[i][0] == '-')
            continue;
        return strcmp(argv[i], "live") == 0 || strcmp(argv[i], "record") == 0;
    }
    return 0;
}

// glibc gives every thread that allocates an arena of its own, and memory freed in one arena is
// not reused for another thread's allocations. `live` and `record` read a big list's pages on
// whichever thread is free: a second page read in another arena than the first cannot reuse
// the first's freed memory, and the run holds both. AllocatorArenas sets M_ARENA_MAX as the command starts, but an
// arena a thread already has is kept, and by then the threads the runtime started (more of them
// on a loaded machine) have theirs. Here, before main and before any thread, every thread gets
// the one arena. Only for those commands: a server's threads allocate at once and would queue on
// its lock. glibc passes an ELF constructor the process's argc and argv.
__attribute__((constructor)) static void ccurl_one_arena(int argc, char **argv, char **envp) {
    (void)envp;
    if (ccurl_wants_one_arena(argc, (const char *const *)argv))
        mallopt(M_ARENA_MAX, 1);
}
