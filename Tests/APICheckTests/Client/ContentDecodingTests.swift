@testable import APICheck
import Foundation
import TestSupport
import Testing

/// The content codings the proxy and serve read, each made by its own tool: decoded whole,
/// refused when the bytes are not of the coding, stopped at the cap (a small body that decodes to
/// a large one), and a coding nobody reads named as such.
@Suite struct ContentDecodingTests {
    static let json = Data(#"{"code": 200, "msg": "success", "datas": {"id": 1, "title": "compressed"}}"#.utf8)

    @Test(arguments: ["gzip", "br", "zstd"])
    func eachCodingDecodesToWhatWasCompressed(coding: String) throws {
        let body = try Self.json.compressed(as: coding)
        guard case let .plain(decoded) = ContentDecoding.decode(body, encoding: coding.uppercased(), cap: 1 << 20) else {
            Issue.record("\(coding) did not decode")
            return
        }
        #expect(decoded == Self.json)
    }

    @Test(arguments: ["gzip", "br", "zstd"])
    func bytesNotOfTheCodingAreBroken(coding: String) throws {
        let outcome = ContentDecoding.decode(Data("plain text, not compressed at all".utf8), encoding: coding, cap: 1 << 20)
        guard case let .broken(reason) = outcome else {
            Issue.record("\(coding): \(outcome)")
            return
        }
        #expect(reason == "the \(coding) body does not decode")
    }

    @Test(arguments: ["br", "zstd"])
    func aBodyCutShortIsBroken(coding: String) throws {
        let body = try Data(repeating: UInt8(ascii: "a"), count: 100_000).compressed(as: coding)
        guard case .broken = ContentDecoding.decode(body.prefix(body.count / 2), encoding: coding, cap: 1 << 20) else {
            Issue.record("\(coding): half a body decoded")
            return
        }
    }

    @Test(arguments: ["gzip", "br", "zstd"])
    func aSmallBodyThatDecodesPastTheCapIsTooLarge(coding: String) throws {
        let body = try Data(count: 4 << 20).compressed(as: coding)
        #expect(body.count < 64 << 10)
        guard case let .tooLarge(reason) = ContentDecoding.decode(body, encoding: coding, cap: 1 << 20) else {
            Issue.record("\(coding) decoded past the cap")
            return
        }
        #expect(reason.contains("past 1048576 bytes"))
        // Exactly at the cap it fits.
        let fits = try Data(count: 1 << 20).compressed(as: coding)
        guard case let .plain(decoded) = ContentDecoding.decode(fits, encoding: coding, cap: 1 << 20) else {
            Issue.record("\(coding): a body of exactly the cap did not decode")
            return
        }
        #expect(decoded.count == 1 << 20)
    }

    /// A zstd frame may ask for a window of up to 3.75 TB; HTTP's zstd coding allows 8 MiB
    /// (RFC 8878, 7.2), and a larger one is refused rather than allocated.
    @Test func aZstdFrameThatAsksForAWindowPast8MiBIsRefused() throws {
        // `--long=27` from a pipe: the frame declares a 128 MiB window.
        let folder = try TemporaryFolder("zstd-window")
        defer { folder.remove() }
        let out = folder.appendingPathComponent("w.zst").path
        try Shell.run("/bin/sh", ["-c", "printf '{\"a\": 1}' | /usr/bin/zstd -q --long=27 -c > '\(out)'"])
        let body = try Data(contentsOf: URL(fileURLWithPath: out))
        guard case .broken = ContentDecoding.decode(body, encoding: "zstd", cap: 1 << 20) else {
            Issue.record("a 128 MiB window was decoded")
            return
        }
    }

    @Test func codingsNoneReadsAreNamed() {
        guard case let .unreadable(coding) = ContentDecoding.decode(Data("x".utf8), encoding: "compress", cap: 100) else {
            Issue.record("compress was read")
            return
        }
        #expect(coding == "compress")
        guard case let .unreadable(codings) = ContentDecoding.decode(Data("x".utf8), encoding: "gzip, br", cap: 100) else {
            Issue.record("two codings were read")
            return
        }
        #expect(codings == "gzip, br")
        guard case .plain = ContentDecoding.decode(Data("x".utf8), encoding: "identity", cap: 100) else {
            Issue.record("identity was not read as it is")
            return
        }
    }
}
