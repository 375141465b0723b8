@testable import APICheck
import Foundation
import Testing

/// A `DELETE` of a resource whose id a variable gives runs after the other endpoints that read
/// that variable: `live` runs what nothing orders at once, and a read of a job after its deletion
/// answers 404.
@Suite struct DeletionOrderTests {
    static let jobID = #"{"name": "jobId", "in": "path", "required": true, "schema": {"type": "string"}}"#
    static let ok = #"{"204": {"description": "ok"}}"#

    @Test func aDeletionComesAfterTheEndpointsThatReadWhatItDeletes() throws {
        let fixture = try ImportFixture(
            paths: """
                "/jobs/{jobId}": {"parameters": [\(Self.jobID)],
                  "get": {"operationId": "getJob", "tags": ["jobs"], "responses": \(Self.ok)},
                  "delete": {"operationId": "deleteJob", "tags": ["jobs"], "responses": \(Self.ok)}},
                "/jobs/{jobId}/results": {"parameters": [\(Self.jobID)],
                  "get": {"operationId": "getJobResults", "tags": ["jobs"], "responses": \(Self.ok)},
                  "delete": {"operationId": "deleteJobResults", "tags": ["jobs"], "responses": \(Self.ok)}},
                "/job_logs": {"get": {"operationId": "getJobLogs", "tags": ["jobs"], "responses": \(Self.ok),
                  "parameters": [{"name": "job_id", "in": "query", "required": true, "schema": {"type": "string"}}]}},
                "/pets/{petId}": {"parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "string"}, "example": "p-1"}],
                  "get": {"operationId": "getPet", "tags": ["pets"], "responses": \(Self.ok)},
                  "delete": {"operationId": "deletePet", "tags": ["pets"], "responses": \(Self.ok)}}
                """)
        let jobs = fixture.group("JobsEndpoints")
        // The query parameter job_id reads $SHOP_JOB_ID too: the logs of a deleted job are gone.
        #expect(
            jobs.contains(#"mock: "deleteJob", successStatus: 204, after: ["getJob", "getJobResults", "deleteJobResults", "getJobLogs"])"#),
            "\(jobs)")
        // Deleting a job's results deletes no job: it comes after what is on its path alone.
        #expect(jobs.contains(#"mock: "deleteJobResults", successStatus: 204, after: ["getJobResults"])"#), "\(jobs)")
        #expect(jobs.contains(#"mock: "getJob", successStatus: 204)"#))
        // A pet's id is the document's example: the reads on the deletion's path send it too.
        #expect(fixture.group("PetsEndpoints").contains(#"mock: "deletePet", successStatus: 204, after: ["getPet"])"#))
        #expect(
            fixture.notes.contains(
                "set: #/paths/~1jobs~1{jobId}/parameters/0: no example for the path parameter 'jobId' of getJob, deleteJob, getJobResults, deleteJobResults; the query parameter 'job_id' of getJobLogs: live reads it from $SHOP_JOB_ID; deleteJob is declared after: the others, which read what it deletes"
            ), "\(fixture.notes)")
    }
}
