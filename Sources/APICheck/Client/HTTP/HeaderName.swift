import Foundation

/// Header names compare without case. Real names are ASCII, compared here byte by byte:
/// `caseInsensitiveCompare` goes through NSString, and a live run looks up a few headers per
/// answer, so the bridge would be paid per answer. A name with any other character is compared as
/// before, by Foundation, so that no lookup changes.
enum HeaderName {
    static func same(_ name: String, _ other: String) -> Bool {
        let left = name.utf8, right = other.utf8
        guard left.allSatisfy({ $0 < 0x80 }), right.allSatisfy({ $0 < 0x80 }) else {
            return name.caseInsensitiveCompare(other) == .orderedSame
        }
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (0x61...0x7A).contains(a | 0x20))
        }
    }
}
