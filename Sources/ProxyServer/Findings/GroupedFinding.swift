import APICheck
import Foundation

/// One finding as the proxy keeps it: every exchange that showed the same kind at the same place
/// of the same endpoint counted in one, with the first of them kept, redacted.
public struct GroupedFinding: Sendable {
    public struct Key: Hashable, Sendable {
        public var endpoint: String
        public var kind: FindingKind
        public var path: String
        /// Which of several checks at one place: the paging invariants all sit at the ids'
        /// JSONPath (`PagingRule`); empty for every other kind.
        public var rule = ""
    }

    /// The first exchange that showed the finding, as far as it is safe to keep: the request's
    /// method and path with query values masked, the status, the content type and the start of
    /// both bodies, with every credential the request carried and every secret field masked.
    public struct KeptExchange: Sendable, Equatable {
        public var method: String
        public var path: String
        public var status: Int?
        public var contentType: String?
        public var requestBody: String?
        public var responseBody: String?
    }

    public var finding: Finding
    public var count: Int
    public var firstSeen: Date
    public var lastSeen: Date
    public var exchange: KeptExchange?

    var key: Key { Key(endpoint: finding.endpoint ?? "", kind: finding.kind, path: finding.path ?? "") }

    /// As `GET /__apicheck/findings` lists it.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("endpoint", finding.endpoint.map(JSONValue.string) ?? .null),
            ("kind", .string(finding.kind.rawValue)),
            ("severity", .string(finding.severity.rawValue)),
            ("path", finding.path.map(JSONValue.string) ?? .null),
            ("message", .string(finding.message)),
            ("count", .number(String(count))),
            ("firstSeen", .string(Self.time(firstSeen))),
            ("lastSeen", .string(Self.time(lastSeen))),
        ]
        if let expected = finding.expected { members.append(("expected", .string(expected))) }
        if let found = finding.found { members.append(("found", .string(found))) }
        if let exchange {
            members.append(
                (
                    "exchange",
                    .object([
                        ("method", .string(exchange.method)), ("path", .string(exchange.path)),
                        ("status", exchange.status.map { .number(String($0)) } ?? .null),
                        ("contentType", exchange.contentType.map(JSONValue.string) ?? .null),
                        ("requestBody", exchange.requestBody.map(JSONValue.string) ?? .null),
                        ("responseBody", exchange.responseBody.map(JSONValue.string) ?? .null),
                    ])
                ))
        }
        return .object(members)
    }

    static func time(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }
}
