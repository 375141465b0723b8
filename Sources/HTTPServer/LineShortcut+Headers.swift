internal import CMicroHTTPD

extension LineShortcut {
    /// Whether every header of the request on `connection` is neutral; the walk stops at the
    /// first that is not.
    func headersAreNeutral(_ connection: OpaquePointer) -> Bool {
        var walk = HeaderWalk(neutral: neutral)
        withUnsafeMutablePointer(to: &walk) { pointer in
            _ = MHD_get_connection_values_n(
                connection, .HEADER_KIND,
                { cls, _, key, keySize, _, _ in
                    guard let cls, let key else { return .NO }
                    let walk = cls.assumingMemoryBound(to: HeaderWalk.self)
                    guard walk.pointee.neutral.contains(UnsafeRawBufferPointer(start: key, count: keySize)) else {
                        walk.pointee.allNeutral = false
                        return .NO
                    }
                    return .YES
                },
                pointer)
        }
        return walk.allNeutral
    }

    /// What libmicrohttpd's callback reaches while the headers are walked.
    private struct HeaderWalk {
        let neutral: ASCIINameSet
        var allNeutral = true
    }
}
