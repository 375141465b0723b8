@testable import ProxyServer
import Testing

/// Which headers stay with their connection: the RFC's list, those the transports write, and
/// every name a `Connection` header lists, however its list is spaced.
@Suite struct HopByHopTests {
    private func kept(_ headers: [(name: String, value: String)]) -> [String] {
        ProxyCore.endToEnd(headers).map(\.name)
    }

    @Test func theNamesAConnectionHeaderListsGoWithItWhateverTheirSpacing() {
        let headers: [(name: String, value: String)] = [
            ("Connection", " \tX-One ,X-Two\t,, \t , x-three"), ("X-One", "1"), ("X-Two", "2"), ("X-Three", "3"),
            ("X-Four", "4"), ("X-On", "prefix of a listed name"),
        ]
        #expect(kept(headers) == ["X-Four", "X-On"])
    }

    @Test func theListedNamesGoInAnyCaseAndTheRestStay() {
        let headers: [(name: String, value: String)] = [
            ("TRANSFER-ENCODING", "chunked"), ("Keep-Alive", "timeout=5"), ("TE", "trailers"), ("Host", "a"),
            ("Content-Length", "3"), ("X-Apicheck-Skip", "1"), ("Proxy-Authorization", "Basic x"), ("Upgrade", "h2c"),
            ("Content-Type", "text/plain"), ("Transfer-Encodings", "not one"), ("ETag", "\"1\""),
        ]
        #expect(kept(headers) == ["Content-Type", "Transfer-Encodings", "ETag"])
    }
}
