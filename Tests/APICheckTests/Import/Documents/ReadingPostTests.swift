@testable import APICheck
import Foundation
import Testing

/// A search, filter or count sent by POST for its body reads only: the import declares it
/// `readingOnly()`, with a note, so `live --reads-only` sends it; a POST whose path names a
/// change, answers no content or creates (201) stays a write.
@Suite struct ReadingPostTests {
    static let list =
        #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "integer"}}}}}}"#

    @Test func aPostToAFilterOrACountIsARead() throws {
        let fixture = try ImportFixture(
            paths: """
                "/flows/filter": {"post": {"operationId": "readFlows", "tags": ["flows"], "responses": \(Self.list)}},
                "/ui/flows/count-deployments": {"post": {"operationId": "countDeployments", "tags": ["flows"], "responses": \(Self.list)}},
                "/_search": {"post": {"operationId": "search", "tags": ["flows"], "responses": \(Self.list)}},
                "/flows/bulk_delete": {"post": {"operationId": "bulkDelete", "tags": ["flows"], "responses": \(Self.list)}},
                "/flows/count_reset": {"post": {"operationId": "countReset", "tags": ["flows"], "responses": \(Self.list)}},
                "/flows/query": {"post": {"operationId": "makeQuery", "tags": ["flows"],
                  "responses": {"201": {"description": "made", "content": {"application/json": {"schema": {"type": "integer"}}}}}}},
                "/flows/search": {"post": {"operationId": "searchNothing", "tags": ["flows"], "responses": {"200": {"description": "ok"}}}},
                "/runs/{run_id}/metric/get-batch": {"post": {"operationId": "getBatch", "tags": ["flows"], "responses": \(Self.list),
                  "parameters": [{"name": "run_id", "in": "path", "required": true, "schema": {"type": "string"}}]}},
                "/templates/validate": {"post": {"operationId": "validateTemplate", "tags": ["flows"], "responses": \(Self.list)}},
                "/auth/get_token": {"post": {"operationId": "getToken", "tags": ["flows"], "responses": \(Self.list)}},
                "/cache/get_or_set": {"post": {"operationId": "getOrSet", "tags": ["flows"], "responses": \(Self.list)}},
                "/flows/{count}": {"post": {"operationId": "postCount", "tags": ["flows"], "responses": \(Self.list),
                  "parameters": [{"name": "count", "in": "path", "required": true, "schema": {"type": "string"}}]}}
                """)
        let flows = fixture.group("FlowsEndpoints")
        func readingOnly(_ id: String) -> Bool {
            guard let start = flows.range(of: "mock: \"\(id)\"") else { return false }
            return flows[start.lowerBound...].prefix { $0 != "\n" }.contains(".readingOnly()")
        }
        #expect(readingOnly("readFlows") && readingOnly("countDeployments") && readingOnly("search"), "\(flows)")
        // Aim's metric batch and Prefect's template check read; a token's issue does not.
        #expect(readingOnly("getBatch") && readingOnly("validateTemplate"), "\(flows)")
        for write in ["bulkDelete", "countReset", "makeQuery", "searchNothing", "postCount", "getToken", "getOrSet"] {
            #expect(!readingOnly(write), "\(write)")
        }
        #expect(
            fixture.notes.contains(
                "made up: #/paths/~1flows~1filter/post: readFlows is taken for a read (a POST to 'filter'): declared readingOnly(), "
                    + "so live --reads-only sends it; remove that if it changes data"), "\(fixture.notes)")
        #expect(fixture.result.readCount == 5 && fixture.result.writeCount == 7)
    }
}
