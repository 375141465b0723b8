internal import CDecoders
internal import CZlib
import Foundation

/// A body in a `Content-Encoding`, read as its checks read it: the proxy passes a compressed
/// answer on as it came and checks a decoded copy, and a request body an app compressed (a
/// gzipped upload) is checked, routed and served decoded. gzip and deflate (zlib), brotli and
/// zstd are read (a browser asks for all four); any other coding is not.
package enum ContentDecoding {
    package enum Outcome {
        case plain(Data)
        /// An encoding this cannot read, by name.
        case unreadable(String)
        /// Not valid data of its encoding.
        case broken(String)
        /// Valid so far, but decoded past the cap.
        case tooLarge(String)
    }

    /// The codings read, as `Accept-Encoding` names them to a client whose coding was not one.
    package static let readable = "gzip, deflate, br, zstd"

    /// Decodes into a buffer of a given size: the bytes written, `CDECODERS_PAST_CAP` when the
    /// data goes on past it, anything else below zero when it is not of the coding.
    private typealias Decoder = (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, Int) -> Int

    private static func decoder(for coding: String) -> Decoder? {
        switch coding {
        // zlib tells gzip from zlib data itself, and gives what a cut-short stream holds.
        case "gzip", "x-gzip", "deflate": { czlib_inflate($0, $1, $2, $3) }
        case "br": { cdecoders_brotli($0, $1, $2, $3) }
        case "zstd": { cdecoders_zstd($0, $1, $2, $3) }
        default: nil
        }
    }

    package static func decode(_ body: Data, encoding: String?, cap: Int) -> Outcome {
        let codings = (encoding ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0 != "identity" }
        guard !codings.isEmpty else { return .plain(body) }
        guard codings.count == 1, let coding = codings.first else { return .unreadable(codings.joined(separator: ", ")) }
        guard let decoder = decoder(for: coding) else { return .unreadable(coding) }
        guard !body.isEmpty else { return .plain(body) }
        // Room grows from a guess to one byte past the cap, which tells a body that fits from one
        // that does not: a cap-sized buffer for every small answer would cost more than the check.
        var room = min(cap + 1, max(64 << 10, body.count * 8))
        while true {
            var out = [UInt8](repeating: 0, count: room)
            let written = body.withUnsafeBytes { input in
                out.withUnsafeMutableBufferPointer { out in
                    decoder(input.bindMemory(to: UInt8.self).baseAddress, input.count, out.baseAddress, out.count)
                }
            }
            let full = written == room || written == Int(CDECODERS_PAST_CAP)
            guard written >= 0 || full else { return .broken("the \(coding) body does not decode") }
            if !full { return .plain(Data(out.prefix(written))) }
            guard room <= cap else { return .tooLarge("the \(coding) body decodes past \(cap) bytes") }
            room = min(cap + 1, room * 4)
        }
    }
}
