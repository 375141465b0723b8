import Foundation

/// A HAR 1.2 capture (`log.entries`) as Chrome, Firefox, Safari, Charles, Proxyman and mitmproxy
/// export it. What varies between them is tolerated: `content.text` plain or base64
/// (`content.encoding`), bodies left out, cookies as lists or only as headers, times with
/// milliseconds, microseconds or none, in any zone.
public struct HARArchive: Sendable {
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public var entries: [HAREntry]
    /// The exporter, as `log.creator.name` says (`WebInspector`, `Firefox`, `Charles Proxy`).
    public var creator: String?

    public init(data: Data) throws(ReadError) {
        let document: JSONValue
        do throws(JSONParseError) {
            document = try JSONParser.parse(data)
        } catch {
            throw ReadError(description: "not JSON: \(error)")
        }
        guard let log = document["log"], case let .array(items)? = log["entries"] else {
            throw ReadError(description: "not a HAR file: no log.entries array")
        }
        creator = log["creator"]?["name"]?.stringValue
        let formatter = ISO8601DateFormatter()
        entries = items.enumerated().compactMap { Self.entry($0.element, index: $0.offset, formatter: formatter) }
    }

    public init(contentsOf url: URL) throws(ReadError) {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw ReadError(description: "cannot read \(url.path): \(error.localizedDescription)")
        }
        try self.init(data: data)
    }

    private static func entry(_ value: JSONValue, index: Int, formatter: ISO8601DateFormatter) -> HAREntry? {
        guard let request = value["request"], let response = value["response"],
              let method = request["method"]?.stringValue, let url = request["url"]?.stringValue else { return nil }
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
        if let size = content?["size"]?.int64Value, size > 0, body?.isEmpty ?? false { body = nil }
        let status = response["status"]?.int64Value.map { Int($0) } ?? 0
        return HAREntry(index: index, started: value["startedDateTime"]?.stringValue.flatMap { date($0, formatter) }, method: method.uppercased(),
                        url: url, requestHeaders: requestHeaders, cookies: cookies, query: fields(request["queryString"]),
                        postText: request["postData"]?["text"]?.stringValue, postParams: fields(request["postData"]?["params"]),
                        status: status, mimeType: content?["mimeType"]?.stringValue, body: body)
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

    /// `2024-05-01T10:00:00.123Z`, `…00.123456+02:00`, `…00+0200`: the fraction is read apart,
    /// since the ISO formatter takes milliseconds at most.
    static func date(_ text: String, _ formatter: ISO8601DateFormatter = ISO8601DateFormatter()) -> Date? {
        var whole = text, fraction = 0.0
        if let dot = text.firstIndex(of: ".") {
            let digits = text[text.index(after: dot)...].prefix { $0.isNumber }
            fraction = Double("0." + digits) ?? 0
            whole = String(text[..<dot]) + String(text[text.index(after: dot)...].dropFirst(digits.count))
        }
        return formatter.date(from: whole).map { $0.addingTimeInterval(fraction) }
    }
}
