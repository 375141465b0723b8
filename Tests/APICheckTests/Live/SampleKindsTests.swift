@testable import APICheck
import Foundation
import Testing

/// Samples unique per call, relative times and computed values, as the live run resolves them.
@Suite struct SampleKindsTests {
    static let endpoint = Endpoint<NoContent>(
        id: "events.send", .put, "events/{txn}",
        parameters: [
            .path("txn", .string, sample: .uniquePerCall(prefix: "txn_")),
            .query("run", .string, sample: .unique(prefix: "r_")),
            .query("from", .int64, sample: .relativeTime(offset: -300, .epochSeconds)),
            .query("fromMs", .int64, sample: .relativeTime(offset: -300, .epochMilliseconds)),
            .query("until", .string, sample: .relativeTime(offset: 60, .iso8601)),
            .query(
                "tag", .string,
                sample: .computed(
                    SampleComputation("tag") { context in
                        .string("\(context.environment["TEAM"] ?? "-")-\(context.call)")
                    })),
        ],
        mock: "events_send"
    ).erased

    @Test func perCallValuesChangeEachCallAndTimesFollowTheClock() throws {
        var resolver = SampleResolver(environment: ["TEAM": "blue"], runID: "abc")
        resolver.clock = { Date(timeIntervalSince1970: 1_700_000_000.25) }
        let first = try resolver.values(for: Self.endpoint, seen: [:])
        let second = try resolver.values(for: Self.endpoint, seen: [:])
        #expect(first["txn"] == .string("txn_abc-1"))
        #expect(second["txn"] == .string("txn_abc-2"))
        #expect(first["run"] == second["run"])
        #expect(first["from"] == .int(1_699_999_700))
        #expect(first["fromMs"] == .int(1_699_999_700_250))
        #expect(first["until"] == .string("2023-11-14T22:14:20Z"))
        #expect(first["tag"] == .string("blue-1"))
        #expect(second["tag"] == .string("blue-2"))
    }

    /// A list's numeric id read into a path parameter declared as text (drf-spectacular's
    /// `{cabinet_id}`, `type: string, pattern: ^[0-9]+$`, beside `"id": 1` in Mayan EDMS's
    /// answers) is sent as its digits, not left out as a value the parameter cannot carry.
    @Test func aSeenNumberFillsATextParameterWithItsDigits() throws {
        let endpoint = Endpoint<NoContent>(
            id: "cabinet", .get, "cabinets/{cabinet_id}/",
            parameters: [.path("cabinet_id", .string, sample: .seen(endpoint: "cabinets", path: "$.results[0].id", fallback: nil))],
            mock: "cabinet"
        ).erased
        let seen: [String: JSONValue] = ["cabinets": .object([("results", .array([.object([("id", .number("17"))])]))])]
        let values = try SampleResolver(environment: [:], runID: "abc").values(for: endpoint, seen: seen)
        #expect(values["cabinet_id"] == .string("17"))
    }
}
