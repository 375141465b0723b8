import Foundation
@testable import ProxyServer
import Testing

/// The check memo's keys hash bodies with `BodyDigest`: a byte it skips anywhere in a body would
/// put every answer that differs only there in one bucket, and the memo would compare whole
/// bodies on every lookup.
@Suite struct BodyDigestTests {
    @Test func everyByteCounts() {
        // Long enough for the four lanes, the single words after them and a tail.
        let body = Data((0..<1_037).map { UInt8($0 % 251) })
        var digests: Set<UInt64> = [BodyDigest.of(body)]
        for offset in body.indices {
            var changed = body
            changed[offset] ^= 0x01
            digests.insert(BodyDigest.of(changed))
        }
        #expect(digests.count == body.count + 1)
    }

    @Test func theLengthCounts() {
        // Zeros give the same words whatever their number: only the length tells them apart.
        let digests = Set((0..<200).map { BodyDigest.of(Data(count: $0)) })
        #expect(digests.count == 200)
    }

    @Test func theSameBytesGiveTheSameDigest() {
        let bytes = Data("{\"code\": 200, \"msg\": \"success\", \"datas\": []}".utf8)
        #expect(BodyDigest.of(bytes) == BodyDigest.of(Data(bytes)))
        #expect(BodyDigest.of(bytes.dropFirst(0)) == BodyDigest.of(bytes))
    }
}
