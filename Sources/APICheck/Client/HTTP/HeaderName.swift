import Foundation

/// Header names compare without case. Real names are ASCII, compared here byte by byte:
/// `caseInsensitiveCompare` goes through NSString, and a live run looks up a few headers per
/// answer, so the bridge would be paid per answer. A name with any other character is compared as
/// before, by Foundation, so that no lookup changes.
package enum HeaderName {
    package static func same(_ name: String, _ other: String) -> Bool {
        var name = name, other = other
        let ascii: Bool? = name.withUTF8 { left in
            other.withUTF8 { right in
                guard left.count == right.count else {
                    // Names of different lengths are the same only by a Unicode case folding,
                    // which needs a byte past ASCII in one of them.
                    return left.allSatisfy { $0 < 0x80 } && right.allSatisfy { $0 < 0x80 } ? false : nil
                }
                for index in left.indices {
                    let a = left[index], b = right[index]
                    if a == b { continue }
                    if a >= 0x80 || b >= 0x80 { return nil }
                    // Two ASCII bytes that differ other than by case: no folding of what comes
                    // after makes the names the same.
                    guard a | 0x20 == b | 0x20, (0x61...0x7A).contains(a | 0x20) else { return false }
                }
                return true
            }
        }
        return ascii ?? (name.caseInsensitiveCompare(other) == .orderedSame)
    }
}
