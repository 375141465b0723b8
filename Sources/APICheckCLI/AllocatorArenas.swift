import Foundation

/// One allocator arena for the commands that read big answers (`live`, `record`).
///
/// glibc's allocator gives threads arenas of their own, and memory freed in one arena is not
/// reused for another thread's allocations. Swift's tasks run on whichever thread is free: the
/// paging check read the second page of a 26 MB list on another thread than the first, beside
/// the first's freed memory, and the run peaked at 1.86x the answer alone (392 MiB against 211;
/// handing the freed memory back with `malloc_trim` did not help, the survivors between it kept
/// its pages). With one arena for the run: 251 MiB, 1.19x. This is `mallopt(M_ARENA_MAX, 1)`,
/// looked up at run time (it is glibc's, and Swift's Glibc module leaves it out); an arena a
/// thread already has is kept, so it is set as a command starts. Elsewhere it does nothing.
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
