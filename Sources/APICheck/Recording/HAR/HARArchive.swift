import Foundation

/// A HAR 1.2 capture (`log.entries`) as Chrome, Firefox, Safari, Charles, Proxyman and mitmproxy
/// export it. What varies between them is tolerated: `content.text` plain or base64
/// (`content.encoding`), bodies left out, cookies as lists or only as headers, times with
/// milliseconds, microseconds or none, in any zone.
public struct HARArchive: Sendable {
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The capture, kept as read (mapped when the system allows): entries are parsed one at a time.
    private let data: Data
    private let ranges: [Range<Int>]
    /// The exporter, as `log.creator.name` says (`WebInspector`, `Firefox`, `Charles Proxy`).
    public let creator: String?

    public init(data: Data) throws(ReadError) {
        // A tree of the whole capture costs many times its size: only the entries' byte ranges are
        // found here, each entry is parsed when it is read.
        let layout = try HARScanner.layout(of: data)
        self.data = data
        // The scanner counts from the first byte; a slice's indices do not.
        let offset = data.startIndex
        ranges = layout.entries.map { (offset + $0.lowerBound)..<(offset + $0.upperBound) }
        creator =
            layout.creator.flatMap { try? JSONParser.parse(data[(offset + $0.lowerBound)..<(offset + $0.upperBound)]) }?["name"]?
            .stringValue
    }

    /// The number of entries in `log.entries`, readable or not.
    public var count: Int { ranges.count }

    /// Entry `index`, parsed now; nil when it is not JSON or lacks a request method, URL or response.
    public func entry(at index: Int) -> HAREntry? {
        try? read(at: index).get()
    }

    /// Entry `index`, parsed now, or why it cannot be read (not JSON, nested too deep, no request
    /// method, URL or response): said in the same words for every entry it applies to, so that
    /// unreadable entries can be counted by reason.
    public func read(at index: Int) -> Result<HAREntry, ReadError> {
        let value: JSONValue
        do {
            value = try JSONParser.parse(data[ranges[index]])
        } catch {
            return .failure(ReadError(description: "not JSON: \(error.reason)"))
        }
        guard let entry = Self.entry(value, index: index) else {
            return .failure(ReadError(description: "no request method, URL or response"))
        }
        return .success(entry)
    }

    /// The readable entries, in file order.
    public var entries: [HAREntry] { ranges.indices.compactMap(entry(at:)) }

    public init(contentsOf url: URL) throws(ReadError) {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw ReadError(description: "cannot read \(url.path): \(error.localizedDescription)")
        }
        try self.init(data: data)
    }

    private static func entry(_ value: JSONValue, index: Int) -> HAREntry? {
        guard let request = value["request"], let response = value["response"],
            let method = request["method"]?.stringValue, let url = request["url"]?.stringValue
        else { return nil }
        let requestHeaders = fields(request["headers"])
        let responseHeaders = fields(response["headers"])
        var cookies = fields(request["cookies"]) + fields(response["cookies"])
        for header in requestHeaders where header.name.caseInsensitiveCompare("Cookie") == .orderedSame {
            for pair in header.value.split(separator: ";") { cookies.append(cookie(pair)) }
        }
        for header in responseHeaders where header.name.caseInsensitiveCompare("Set-Cookie") == .orderedSame {
            if let pair = header.value.split(separator: ";").first { cookies.append(cookie(pair)) }
        }
        let content = response["content"]
        var body: Data?
        if let text = content?["text"]?.stringValue {
            if content?["encoding"]?.stringValue?.lowercased() == "base64" {
                body = Data(base64Encoded: text, options: .ignoreUnknownCharacters)
            } else {
                body = Data(text.utf8)
            }
        }
        // An empty text where the size says there was more is a body left out, not an empty one.
        if let size = number(content?["size"]), size > 0, body?.isEmpty ?? false { body = nil }
        let postData = request["postData"]
        return HAREntry(
            index: index, started: value["startedDateTime"]?.stringValue.flatMap(date),
            method: method.uppercased(), url: url, requestHeaders: requestHeaders, cookies: cookies,
            query: fields(request["queryString"]), postText: postData?["text"]?.stringValue,
            postParams: fields(postData?["params"]), status: number(response["status"]) ?? 0,
            mimeType: content?["mimeType"]?.stringValue, body: body, responseHeaders: responseHeaders)
    }

    private static func number(_ value: JSONValue?) -> Int? {
        value?.int64Value.map(Int.init) ?? value?.doubleValue.flatMap { Int(exactly: $0.rounded(.towardZero)) }
    }

    private static func fields(_ value: JSONValue?) -> [HAREntry.Field] {
        guard case let .array(items)? = value else { return [] }
        return items.compactMap { item in
            guard let name = item["name"]?.stringValue else { return nil }
            return (name, item["value"]?.stringValue ?? "")
        }
    }

    private static func cookie(_ pair: Substring) -> HAREntry.Field {
        let parts = pair.split(separator: "=", maxSplits: 1)
        return (parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "", parts.count > 1 ? String(parts[1]) : "")
    }
}
