import Foundation

/// The upstream's answer to a request for a protocol switch, once its head (and, when it is no
/// 101, its body) has been read: its status, headers, and the bytes after the head.
struct UpgradeAnswer {
    var status: Int
    var headers: [(name: String, value: String)]
    /// After a 101: the first bytes of the upgraded stream.
    var rest: [UInt8]
    /// Otherwise: the body, by its Content-Length, or all until the upstream closed.
    var body: Data
    /// An event stream (`text/event-stream`) asked for by `streams`: `rest` is its first bytes,
    /// and the rest is streamed as it comes.
    var isEventStream = false
    var isChunked: Bool { Self.chunked(headers) }

    static func chunked(_ headers: [(name: String, value: String)]) -> Bool {
        headers.contains { $0.name.lowercased() == "transfer-encoding" && $0.value.lowercased().contains("chunked") }
    }

    /// Nil while more bytes are needed: the head is incomplete, or a body is still short of its
    /// length and the upstream has not `ended`.
    init?(_ bytes: [UInt8], ended: Bool, streams: Bool = false) {
        let end: [UInt8] = [13, 10, 13, 10]
        guard let split = bytes.indices.dropLast(3).first(where: { bytes[$0..<$0 + 4].elementsEqual(end) }) else { return nil }
        let lines = String(decoding: bytes[..<split], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ", maxSplits: 2) ?? []
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let rest = Array(bytes[(split + 4)...])
        self.status = status
        self.headers = headers
        if status == 101 {
            self.rest = rest
            body = Data()
            return
        }
        if streams, (200..<300).contains(status),
            headers.contains(where: { $0.name.lowercased() == "content-type" && $0.value.lowercased().hasPrefix("text/event-stream") })
        {
            self.rest = rest
            body = Data()
            isEventStream = true
            return
        }
        self.rest = []
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) }
        if Self.chunked(headers) {
            var decoder = ChunkedDecoder()
            let decoded = decoder.feed(rest)
            guard decoder.ended || ended else { return nil }
            body = Data(decoded)
        } else if let length {
            guard rest.count >= length else { return nil }
            body = Data(rest.prefix(length))
        } else {
            guard ended || status == 204 || status == 304 else { return nil }
            body = Data(rest)
        }
    }
}
