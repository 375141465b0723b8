internal import CTestLimits

/// How many tests the test process runs at once: set by `CTestLimits` before the testing library
/// starts, so that the suite fits in the descriptors of a small machine.
public enum TestLimits {
    /// 0 when no width is set, which the testing library reads as no limit.
    public static var width: Int { Int(ctestlimits_width()) }
}
