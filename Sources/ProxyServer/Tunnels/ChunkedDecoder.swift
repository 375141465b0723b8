/// A chunked body (RFC 9112, 7.1) read as it arrives: each piece gives the data it completes.
/// Trailers after the last chunk are dropped, as the client gets the body chunked afresh.
struct ChunkedDecoder {
    private var pending: [UInt8] = []
    /// Data bytes of the current chunk still to come.
    private var remaining = 0
    private var awaitsLineEnd = false
    private(set) var ended = false
    private(set) var broken = false

    mutating func feed(_ bytes: some Collection<UInt8>) -> [UInt8] {
        pending.append(contentsOf: bytes)
        var out: [UInt8] = []
        var used = 0
        while !ended, !broken, used < pending.count {
            if remaining > 0 {
                let count = min(remaining, pending.count - used)
                out.append(contentsOf: pending[used..<used + count])
                used += count
                remaining -= count
                if remaining == 0 { awaitsLineEnd = true }
                continue
            }
            if awaitsLineEnd {
                guard pending.count - used >= 2 else { break }
                used += 2
                awaitsLineEnd = false
                continue
            }
            guard let newline = pending[used...].firstIndex(of: 10) else { break }
            let line = String(decoding: pending[used..<newline], as: UTF8.self)
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else {
                broken = true
                break
            }
            used = newline + 1
            if size == 0 { ended = true } else { remaining = size }
        }
        pending.removeFirst(used)
        return out
    }
}
