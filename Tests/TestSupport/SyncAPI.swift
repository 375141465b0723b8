// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The decode types spell their fields as the API's JSON does (`access_token`), as an app's would.
import APICheck
import Foundation

/// Two endpoints on one method and path, told apart by a query parameter: the first sync has no
/// `since`, the next ones send the token the first one gave.
public enum SyncAPI {
    public struct Batch: Codable, Sendable {
        public var next_batch: String
        public var events: [Int]
    }

    public static let initial = Endpoint<Batch>(
        id: "sync.initial", .get, "sync", parameters: [.query("timeout", .int, sample: .literal(0))],
        mock: "sync_initial", enveloped: false, distinguishedBy: .query("since", present: false))
    public static let since = Endpoint<Batch>(
        id: "sync.since", .get, "sync",
        parameters: [
            .query(
                "since", .string, required: true,
                sample: .seen(endpoint: "sync.initial", path: "$.next_batch", fallback: nil))
        ],
        mock: "sync_since", enveloped: false, distinguishedBy: .query("since", present: true))

    public static let api = API(
        name: "sync", environments: ["local": URL(string: "http://127.0.0.1:9000/client/")!],
        envelope: EnvelopePolicy(), endpoints: [initial, since])

    public static let mocks: [String: String] = [
        "sync_initial.json": #"{"next_batch": "s1", "events": [1, 2]}"#,
        "sync_since.json": #"{"next_batch": "s2", "events": []}"#,
    ]

    /// The mocks written into a fresh folder; `remove()` it in a `defer`.
    public static func mockFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("sync-mocks")
        for (name, body) in mocks { try Data(body.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }
}
