import Foundation
@testable import ProxyServer
import Testing

/// The check memo's keys hash bodies with `BodyDigest`: a byte it skips anywhere in a body, or
/// two changes that cancel, would put every answer that differs only there in one bucket, and
/// the memo would compare whole bodies on every lookup.
@Suite struct BodyDigestTests {
    private static func digest(_ data: Data, seed: UInt64) -> UInt64 {
        data.withUnsafeBytes { BodyDigest.of($0, seed: seed) }
    }

    @Test(arguments: [1_037, 1_056, 40, 13])
    func everyBitCounts(length: Int) {
        // Lengths with the two chains, a 16-byte step after them and a tail, or some of these.
        let body = Data((0..<length).map { UInt8($0 % 251) })
        for seed: UInt64 in [1, 0x5DEE_CE66_D1CE_4E5B, .random(in: .min ... .max)] {
            var digests: Set<UInt64> = [Self.digest(body, seed: seed)]
            for offset in body.indices {
                for bit in 0..<8 {
                    var changed = body
                    changed[offset] ^= UInt8(1 << bit)
                    digests.insert(Self.digest(changed, seed: seed))
                }
            }
            #expect(digests.count == body.count * 8 + 1, "seed \(seed)")
        }
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
