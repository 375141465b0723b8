import Foundation
import Testing
import TestSupport

/// Hundreds of tests each start a server and a client; run all at once they would need more
/// descriptors than a small machine allows, and a test would fail for want of one.
@Suite struct TestProcessLimitsTests {
    @Test func theSuiteRunsABoundedNumberOfTestsAtOnceWithEveryDescriptorItMayHave() {
        #expect((1...64).contains(TestLimits.width), "\(TestLimits.width)")
        var limit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        #expect(limit.rlim_cur == limit.rlim_max)
    }
}
