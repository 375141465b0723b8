import Glibc

/// The coarse monotonic clock in milliseconds: deadlines of seconds need no finer one.
enum TrackedClock {
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
