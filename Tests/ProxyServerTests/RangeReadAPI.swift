import APICheck
import Foundation
import HTTPServer
import TestSupport

/// An API whose lists carry their cursor in the request's body: a range read in CouchDB's
/// `_all_docs` manner, `{"start_key": <last key of the previous page>, "limit": 2}` in JSON, the
/// page starting with that key; and a search whose next token, at `$.next`, goes back in a form
/// field (`q=kettle&cursor=t1`).
enum RangeReadAPI {
    struct Row: Codable, Sendable {
        var id: String
        var key: String
    }

    struct AllDocs: Codable, Sendable { var rows: [Row] }

    struct Hit: Codable, Sendable { var id: Int }

    struct Hits: Codable, Sendable {
        var hits: [Hit]
        var next: String?
    }

    static let api = API(
        name: "rangeread", envelope: .none, errors: ErrorShape(code: "$.error", message: "$.reason"),
        endpoints: [
            Endpoint<AllDocs>(
                id: "docs.all", .post, "db/_all_docs",
                parameters: [
                    .body("start_key", .string, required: false), .body("limit", .int, sample: .literal(2)),
                    .body("tag", .string, required: false),
                ],
                mock: "all_docs",
                paging: Paging(
                    ids: "$.rows[*].key", order: nil, cursor: .id(parameter: "start_key", inclusive: true), size: "limit",
                    maxPages: 5)),
            Endpoint<Hits>(
                id: "search", .post, "search",
                parameters: [
                    .body("q", .string, sample: .literal("kettle")), .body("cursor", .string, required: false),
                    .body("limit", .int, required: false),
                ],
                mock: "search",
                paging: .token(ids: "$.hits[*].id", from: .body("$.next"), next: "cursor", size: "limit", maxPages: 5)),
        ])

    static func rows(_ keys: [String]) -> String {
        #"{"total_rows":5,"rows":["# + keys.map { #"{"id":"\#($0)","key":"\#($0)"}"# }.joined(separator: ",") + "]}"
    }

    static func hits(_ ids: [Int], next: String?) -> String {
        #"{"hits":["# + ids.map { #"{"id":\#($0)}"# }.joined(separator: ",") + "]" + (next.map { #","next":"\#($0)""# } ?? "") + "}"
    }

    static let json = [(name: "Content-Type", value: "application/json")]
    static let form = [(name: "Content-Type", value: "application/x-www-form-urlencoded")]

    /// A backend answering canned bodies by path and the request body's fields, sorted by name
    /// whatever their order in the body: `/db/_all_docs limit=2&start_key=b`.
    static func backend(_ answers: [String: String]) throws -> TestServer {
        try TestServer { request in
            let key = request.rawPath + " " + fields(of: request).map { "\($0.0)=\($0.1)" }.joined(separator: "&")
            guard let body = answers[key] else {
                return .json(Data(#"{"error":"not_found","reason":"no such page"}"#.utf8), status: 404)
            }
            return .json(Data(body.utf8))
        }
    }

    /// The body's top-level fields as text, JSON or form, sorted by name.
    static func fields(of request: ServerRequest) -> [(String, String)] {
        var fields: [(String, String)] = []
        if request.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded") == true {
            for item in URLComponents(string: "?" + String(decoding: request.body, as: UTF8.self))?.queryItems ?? [] {
                fields.append((item.name, item.value ?? ""))
            }
        } else if case let .object(members)? = try? JSONParser.parse(request.body) {
            for (name, value) in members {
                switch value {
                case let .string(text), let .number(text): fields.append((name, text))
                default: fields.append((name, value.compactText))
                }
            }
        }
        return fields.sorted { $0.0 < $1.0 }
    }
}
