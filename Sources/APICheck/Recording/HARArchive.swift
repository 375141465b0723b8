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
        // The capture's own structure needs neither key order nor exact numbers, only the bodies
        // do, and they are strings in it, parsed later one by one: Foundation's parser is the
        // faster one for a file that is mostly escaped text.
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw ReadError(description: "not JSON: \((error as NSError).localizedDescription)")
        }
        guard let log = (document as? [String: Any])?["log"] as? [String: Any], let items = log["entries"] as? [Any] else {
            throw ReadError(description: "not a HAR file: no log.entries array")
        }
        creator = (log["creator"] as? [String: Any])?["name"] as? String
        entries = items.enumerated().compactMap { Self.entry($0.element as? [String: Any], index: $0.offset) }
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

    private static func entry(_ value: [String: Any]?, index: Int) -> HAREntry? {
        guard let value, let request = value["request"] as? [String: Any], let response = value["response"] as? [String: Any],
              let method = request["method"] as? String, let url = request["url"] as? String else { return nil }
        let requestHeaders = fields(request["headers"])
        let responseHeaders = fields(response["headers"])
        var cookies = fields(request["cookies"]) + fields(response["cookies"])
        for header in requestHeaders where header.name.caseInsensitiveCompare("Cookie") == .orderedSame {
            for pair in header.value.split(separator: ";") { cookies.append(cookie(pair)) }
        }
        for header in responseHeaders where header.name.caseInsensitiveCompare("Set-Cookie") == .orderedSame {
            if let pair = header.value.split(separator: ";").first { cookies.append(cookie(pair)) }
        }
        let content = response["content"] as? [String: Any]
        var body: Data?
        if let text = content?["text"] as? String {
            if (content?["encoding"] as? String)?.lowercased() == "base64" {
                body = Data(base64Encoded: text, options: .ignoreUnknownCharacters)
            } else {
                body = Data(text.utf8)
            }
        }
        // An empty text where the size says there was more is a body left out, not an empty one.
        if let size = (content?["size"] as? NSNumber)?.intValue, size > 0, body?.isEmpty ?? false { body = nil }
        let postData = request["postData"] as? [String: Any]
        return HAREntry(index: index, started: (value["startedDateTime"] as? String).flatMap(date),
                        method: method.uppercased(), url: url, requestHeaders: requestHeaders, cookies: cookies,
                        query: fields(request["queryString"]), postText: postData?["text"] as? String,
                        postParams: fields(postData?["params"]), status: (response["status"] as? NSNumber)?.intValue ?? 0,
                        mimeType: content?["mimeType"] as? String, body: body)
    }

    private static func fields(_ value: Any?) -> [HAREntry.Field] {
        guard let items = value as? [Any] else { return [] }
        return items.compactMap { item in
            guard let item = item as? [String: Any], let name = item["name"] as? String else { return nil }
            return (name, item["value"] as? String ?? "")
        }
    }

    private static func cookie(_ pair: Substring) -> HAREntry.Field {
        let parts = pair.split(separator: "=", maxSplits: 1)
        return (parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "", parts.count > 1 ? String(parts[1]) : "")
    }
}
