extension String {
    /// Equal but for the case of ASCII letters, compared byte by byte: header names are ASCII,
    /// and `caseInsensitiveCompare` goes through NSString, which cost a tenth of a served
    /// request's time when it ran for every request and answer header.
    func equalsIgnoringASCIICase(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return zip(utf8, other.utf8).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (97...122).contains(a | 0x20))
        }
    }
}
