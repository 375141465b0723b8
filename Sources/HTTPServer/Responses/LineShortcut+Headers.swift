internal import CMicroHTTPD

extension LineShortcut {
    /// Whether every header of the request on `connection` is neutral; the walk stops at the
    /// first that is not.
    func headersAreNeutral(_ connection: OpaquePointer) -> Bool {
        neutral.withTable { table in
            var walk = HeaderWalk(neutral: table)
            withUnsafeMutablePointer(to: &walk) { pointer in
                _ = MHD_get_connection_values_n(
                    connection, .HEADER_KIND,
                    { cls, _, key, keySize, _, _ in
                        guard let cls, let key else { return .NO }
                        let walk = cls.assumingMemoryBound(to: HeaderWalk.self)
                        guard ASCIINameSet.contains(UnsafeRawBufferPointer(start: key, count: keySize), in: walk.pointee.neutral) else {
                            walk.pointee.allNeutral = false
                            return .NO
                        }
                        return .YES
                    },
                    pointer)
            }
            return walk.allNeutral
        }
    }

    /// What libmicrohttpd's callback reaches while the headers are walked.
    private struct HeaderWalk {
        let neutral: UnsafeBufferPointer<UInt8>
        var allNeutral = true
    }
}
