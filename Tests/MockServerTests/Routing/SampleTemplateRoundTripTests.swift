import APICheck
import APICheckCLI
import Foundation
import HTTPServer
import TestSupport
import Testing

/// A document store in CouchDB's manner: an update must send `If-Match` with the revision the
/// read answered, in quotes as an ETag is; anything else is refused with 412.
@Suite struct SampleTemplateRoundTripTests {
    struct Doc: Codable, Sendable {
        var id: String
        var rev: String
    }

    struct Saved: Codable, Sendable { var ok: Bool }

    static func api(revPath: DeclaredPath = "$.rev") -> API {
        API(
            name: "docs", envelope: .none, errors: ErrorShape(code: "$.error", message: "$.reason"),
            endpoints: [
                Endpoint<Doc>(id: "docs.get", .get, "docs/d1", mock: "docs_get"),
                Endpoint<Saved>(
                    id: "docs.update", .put, "docs/d1",
                    parameters: [
                        .header(
                            "If-Match", .string, required: true,
                            sample: .seen(endpoint: "docs.get", path: revPath, fallback: nil, template: "\"{}\"")),
                        .body("title", .string, sample: .literal("t")),
                    ], mock: "docs_update"),
            ])
    }

    @Test func theQuotedRevisionIsSentInEveryCommand() async throws {
        let backend = try TestServer { request in
            if request.method == "GET" { return .json(Data(#"{"id": "d1", "rev": "3-abc"}"#.utf8)) }
            guard request.header("if-match") == "\"3-abc\"" else {
                return .json(Data(#"{"error": "precondition_failed", "reason": "If-Match does not match"}"#.utf8), status: 412)
            }
            return .json(Data(#"{"ok": true}"#.utf8))
        }
        defer { backend.stop() }
        let trip = try await DeclarationRoundTrip.run(Self.api(), backend: backend.url("/"))
        #expect(trip.live.code == 0, "\(trip.live.text)")
        #expect(backend.requests.contains { $0.method == "PUT" && $0.header("if-match") == "\"3-abc\"" })
        #expect(trip.record.code == 0, "\(trip.record.text)")
        #expect(trip.recorded["docs_update.json"] != nil, "\(trip.recorded)")
        #expect(trip.mocks.code == 0, "\(trip.mocks.text)")
        #expect(trip.openapi.code == 0, "\(trip.openapi.err)")
        #expect(trip.liveAgainstServe.code == 0, "\(trip.liveAgainstServe.text)")
        #expect(trip.served.contains("\"endpoint\":\"docs.update\""), "\(trip.served)")
    }

    /// The audit reads a templated `.seen` as it reads a bare one: a path the source's mock lacks is reported.
    @Test func theAuditFindsATemplatedSamplesPathMissingFromItsSourcesMock() async throws {
        let mocks = try TemporaryMocks(files: ["docs_get.json": #"{"id": "d1", "rev": "3-abc"}"#, "docs_update.json": #"{"ok": true}"#])
        defer { mocks.remove() }
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Self.api(revPath: "$._rev")).run(
            ["mocks", "--mocks", mocks.url.path], console: console,
            environment: [:], workingDirectory: mocks.url)
        // A sample that cannot be made is the harness's fault, not the contract's: exit 2.
        #expect(code == 2)
        #expect(captured.out.contains("parameter 'If-Match' samples $._rev from docs.get, which its mock does not have"), "\(captured.out)")
    }
}
