import CTestLimits
import Foundation
import Testing

/// `live` and `record` run on one allocator arena from the process's start (CCurl's OneArena.c):
/// the command is the first argument that is not an option; every other command keeps glibc's
/// arena per thread.
@Suite struct OneArenaTests {
    func wantsOneArena(_ arguments: [String]) -> Bool {
        let copies = arguments.map { strdup($0) }
        defer {
            for copy in copies { free(copy) }
        }
        let pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { ccurl_wants_one_arena(Int32($0.count), $0.baseAddress) } == 1
    }

    @Test(arguments: [
        ["apicheck", "live"], ["apicheck", "record", "--only", "a.b"], ["mycheck", "--no-color", "live", "--shard", "1/8"],
    ])
    func theCommandsThatReadBigAnswers(_ arguments: [String]) {
        #expect(wantsOneArena(arguments))
    }

    @Test(arguments: [
        ["apicheck"], ["apicheck", "serve"], ["apicheck", "merge", "live"], ["apicheck", "proxy", "--port", "8080"],
        ["apicheck", "--help"],
    ])
    func everyOtherCommand(_ arguments: [String]) {
        #expect(!wantsOneArena(arguments))
    }
}
