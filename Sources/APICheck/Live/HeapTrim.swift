import Foundation

/// Hands the memory a finished page freed back to the system before the paging check reads the
/// next page.
///
/// Swift's tasks run on several threads, and glibc's allocator gives threads arenas of their own:
/// the memory a page's answer and document took, freed on one thread, is not reused for the next
/// page when another thread reads it, so the check peaked at two pages' worth though it held one
/// (26 MB pages: 211 MiB for the answer alone, 392 MiB with a second page; one arena: 254 MiB).
/// `malloc_trim` gives every arena's free pages back. It is glibc's, looked up when first needed,
/// so the core imports no C module for it; elsewhere this does nothing.
enum HeapTrim {
    private typealias Trim = @convention(c) (Int) -> Int32

    /// Set once, read only: the function's address in the C library, or nil.
    nonisolated(unsafe) private static let trim: Trim? = {
        #if os(Linux)
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
        #else
        return nil
        #endif
    }()

    /// Returns every arena's free memory to the system (it costs a walk over the free lists: once
    /// per page of a big list, not per request).
    static func handBack() {
        _ = trim?(0)
    }
}
