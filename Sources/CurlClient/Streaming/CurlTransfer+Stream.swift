internal import CCurl
import Foundation

/// A body passed to its sink as it arrives once it is past the sink's threshold: the gathered
/// bytes first, then each piece libcurl reads, held back while the sink is full.
extension CurlTransfer {
    /// What the write callback returns for `count` bytes, or nil while the body is still
    /// gathered as usual.
    func stream(_ data: UnsafeMutablePointer<CChar>, _ count: Int, to sink: any CurlBodySink) -> Int? {
        if !streaming {
            guard body.count + count > sink.threshold, let easy else { return nil }
            streaming = true
            var status = 0
            ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
            // Built only for an answer that streams: the small ones pay for no closure.
            let resume: @Sendable () -> Void = { [weak driver, weak self] in
                if let driver, let self { driver.resume(self) }
            }
            body.withUnsafeBytes { sink.begin(status: status, headers: headers, gathered: $0, resume: resume) }
            body = Data()
        }
        // A piece refused stays with libcurl, which delivers it again once the transfer is unpaused.
        return sink.write(UnsafeRawBufferPointer(start: data, count: count)) ? count : Int(CURL_WRITEFUNC_PAUSE)
    }
}
