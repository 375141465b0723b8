import Foundation

/// One allocator arena for the commands that read big answers (`live`, `record`).
///
/// glibc's allocator gives threads arenas of their own, and memory freed in one arena is not
/// reused for another thread's allocations. Swift's tasks run on whichever thread is free: the
/// paging check reads a big list's second page on another thread than the first, beside the
/// first's freed memory, and the run holds both (`malloc_trim` between pages does not help: the
/// survivors between them keep their pages; `ci/bench-big-cli` measures it). The fix is
/// `mallopt(M_ARENA_MAX, 1)`, looked up at run time (it is glibc's, and Swift's Glibc module
/// leaves it out); an arena a thread already has is kept, so CCurl's OneArena.c sets it before
/// main for `live` and `record`, and this call is what is left where that constructor did not
/// run (a tool that runs the command another way). Elsewhere it does nothing.
enum AllocatorArenas {
    private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    /// glibc's `M_ARENA_MAX`.
    private static let arenaMax: Int32 = -8

    static func shareOne() {
        #if os(Linux)
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, 1)
        #endif
    }
}
