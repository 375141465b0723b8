internal import CZlib
import Foundation

/// A body in a `Content-Encoding`, read as its checks read it: the proxy passes a compressed
/// answer on as it came and checks a decoded copy, and a request body an app compressed (a
/// gzipped upload) is checked, routed and served decoded. gzip and deflate (zlib) are read; any
/// other coding is not.
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
    package static let readable = "gzip, deflate"

    package static func decode(_ body: Data, encoding: String?, cap: Int) -> Outcome {
        let codings = (encoding ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0 != "identity" }
        guard !codings.isEmpty else { return .plain(body) }
        guard codings.count == 1, let coding = codings.first else { return .unreadable(codings.joined(separator: ", ")) }
        guard ["gzip", "x-gzip", "deflate"].contains(coding) else { return .unreadable(coding) }
        guard !body.isEmpty else { return .plain(body) }
        // Room grows from a guess to one byte past the cap, which tells a body that fits from one
        // that does not: a cap-sized buffer for every small answer would cost more than the check.
        var room = min(cap + 1, max(64 << 10, body.count * 8))
        while true {
            var out = [UInt8](repeating: 0, count: room)
            let written = body.withUnsafeBytes { input in
                czlib_inflate(input.bindMemory(to: UInt8.self).baseAddress, input.count, &out, out.count)
            }
            guard written >= 0 else { return .broken("the \(coding) body does not inflate") }
            if written < room { return .plain(Data(out.prefix(written))) }
            guard room <= cap else { return .tooLarge("the \(coding) body inflates past \(cap) bytes") }
            room = min(cap + 1, room * 4)
        }
    }
}
