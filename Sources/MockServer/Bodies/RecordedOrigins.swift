import APICheck
import Foundation

/// The servers the mocks were recorded from, so that a link in a mock (`next_url`, a facet's
/// `toggle_url`) leads a client back to `serve` rather than to them. Known from what the API
/// declares (each environment's base URL), from what serve is told (`--recorded-origin`, for
/// mocks recorded from a server no environment names) and from what the mocks show (the next URL a paged
/// endpoint's success mock holds at its declared path). A URL on one of these origins is the
/// recorded server's; every other string, a URL elsewhere included, is the API's data.
struct RecordedOrigins: Sendable {
    /// Each origin (`https://api.example.com:443`) with the base paths known on it, longest first:
    /// `https://api.example.com/v1/items` is the route `items` when `/v1/` is one.
    private let basePaths: [String: [String]]

    init(api: API, mocks: MockDirectory, also given: [URL] = []) {
        var basePaths: [String: Set<String>] = [:]
        for url in Array(api.environments.values) + given {
            guard let origin = url.origin else { continue }
            basePaths[origin, default: []].insert(MockServerOptions.normalized(url.path))
        }
        for endpoint in api.endpoints {
            guard let cursor = endpoint.paging?.cursor, cursor.bodyPath != nil,
                let file = mocks.file(of: endpoint, scenario: nil), case let .success(document) = mocks.document(of: file),
                let text = cursor.bodyValue(in: document)?.stringValue, let url = Self.absoluteURL(text), let origin = url.origin
            else { continue }
            // The recorded next URL of a route without placeholders ends with the route: what is
            // before it is the recorded base path.
            var known = basePaths[origin, default: []]
            if !endpoint.path.contains("{"), url.path.hasSuffix("/" + endpoint.path) {
                known.insert(MockServerOptions.normalized(String(url.path.dropLast(endpoint.path.count))))
            }
            basePaths[origin] = known
        }
        self.basePaths = basePaths.mapValues { $0.sorted { $0.count > $1.count } }
    }

    var isEmpty: Bool { basePaths.isEmpty }

    /// Whether any string of `document` is a link to a recorded origin.
    func linked(in document: JSONValue) -> Bool {
        switch document {
        case let .string(text): return recordedOrigin(of: text) != nil
        case let .array(items): return items.contains { linked(in: $0) }
        case let .object(members): return members.contains { linked(in: $0.value) }
        case .null, .bool, .number: return false
        }
    }

    /// `document` with every link to a recorded origin on `origin` (`http://127.0.0.1:8080`)
    /// instead, a recorded base path made `basePath`; the rest of each link kept as it was.
    func rewritten(_ document: JSONValue, to origin: String, basePath: String) -> JSONValue {
        switch document {
        case let .string(text): return rewritten(text, to: origin, basePath: basePath).map(JSONValue.string) ?? document
        case let .array(items): return .array(items.map { rewritten($0, to: origin, basePath: basePath) })
        case let .object(members): return .object(members.map { ($0.key, rewritten($0.value, to: origin, basePath: basePath)) })
        case .null, .bool, .number: return document
        }
    }

    /// The link on `origin`; nil when `text` is not a link to a recorded origin.
    func rewritten(_ text: String, to origin: String, basePath: String) -> String? {
        guard let recordedOrigin = recordedOrigin(of: text), let scheme = text.range(of: "://") else { return nil }
        // What follows the authority, as written: the path, query and fragment keep their encoding.
        let afterScheme = text[scheme.upperBound...]
        let rest = afterScheme[(afterScheme.firstIndex { "/?#".contains($0) } ?? afterScheme.endIndex)...]
        for base in basePaths[recordedOrigin] ?? [] {
            if rest.hasPrefix(base) { return origin + basePath + rest.dropFirst(base.count) }
            // The base path without its slash (`https://api.example.com/v1?x`).
            let bare = base.dropLast()
            if !bare.isEmpty, rest.hasPrefix(bare), rest.dropFirst(bare.count).first.map({ "?#".contains($0) }) ?? true {
                return origin + basePath.dropLast() + rest.dropFirst(bare.count)
            }
        }
        return origin + rest
    }

    private func recordedOrigin(of text: String) -> String? {
        guard let origin = Self.absoluteURL(text)?.origin, basePaths[origin] != nil else { return nil }
        return origin
    }

    /// An absolute http or https URL; cheap to refuse for the strings that are not.
    private static func absoluteURL(_ text: String) -> URL? {
        guard text.utf8.count > 8, text.utf8.first == UInt8(ascii: "h") || text.utf8.first == UInt8(ascii: "H"),
            let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
