@testable import APICheck
import Foundation
import Testing

/// `live` runs what nothing orders at once: the import orders, per resource, its creation before
/// the endpoints that read it, a write after the reads of its path, and a deletion last, or a
/// read of a user before its creation or after its deletion answers 404.
@Suite struct OperationOrderTests {
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
            jobs.contains(
                #"mock: "deleteJob", successStatus: 204).ordered(after: "getJob", "getJobResults", "deleteJobResults", "getJobLogs")"#),
            "\(jobs)")
        // Deleting a job's results deletes no job: it comes after what is on its path alone.
        #expect(jobs.contains(#"mock: "deleteJobResults", successStatus: 204).ordered(after: "getJobResults")"#), "\(jobs)")
        #expect(jobs.contains(#"mock: "getJob", successStatus: 204)"#))
        // A pet's id is the document's example: the reads on the deletion's path send it too.
        #expect(fixture.group("PetsEndpoints").contains(#"mock: "deletePet", successStatus: 204).ordered(after: "getPet")"#))
        #expect(
            fixture.notes.contains(
                "set: #/paths/~1jobs~1{jobId}/parameters/0: no example for the path parameter 'jobId' of getJob, deleteJob, getJobResults, deleteJobResults; the query parameter 'job_id' of getJobLogs: live reads it from $SHOP_JOB_ID; deleteJob is ordered after the others, which read what it deletes; deleteJob, deleteJobResults write to what it names, which the run does not create: declared actingOnExisting(), so a full live sends them only when --only names them by id"
            ), "\(fixture.notes)")
    }

    static let name = #"{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}"#

    @Test func aCreationComesBeforeWhatReadsItAndAWriteAfterTheReadsOfItsPath() throws {
        let fixture = try ImportFixture(
            paths: """
                "/users": {"get": {"operationId": "getUsers", "tags": ["hub"], "responses": \(Self.ok)},
                  "post": {"operationId": "postUsers", "tags": ["hub"], "responses": \(Self.ok)}},
                "/users/{name}": {"parameters": [\(Self.name)],
                  "get": {"operationId": "getUser", "tags": ["hub"], "responses": \(Self.ok)},
                  "post": {"operationId": "postUser", "tags": ["hub"], "responses": \(Self.ok)},
                  "patch": {"operationId": "patchUser", "tags": ["hub"], "responses": \(Self.ok)},
                  "delete": {"operationId": "deleteUser", "tags": ["hub"], "responses": \(Self.ok)}},
                "/users/{name}/activity": {"parameters": [\(Self.name)],
                  "post": {"operationId": "postActivity", "tags": ["hub"], "responses": \(Self.ok)}},
                "/users/{name}/servers/{server}": {"parameters": [\(Self.name),
                    {"name": "server", "in": "path", "required": true, "schema": {"type": "string"}}],
                  "get": {"operationId": "getServer", "tags": ["hub"], "responses": \(Self.ok)},
                  "put": {"operationId": "putServer", "tags": ["hub"], "responses": {"201": {"description": "created"}}},
                  "post": {"operationId": "startServer", "tags": ["hub"], "responses": \(Self.ok)}},
                "/audit": {"get": {"operationId": "getAudit", "tags": ["hub"], "responses": \(Self.ok),
                  "parameters": [{"name": "user_name", "in": "query", "required": true, "schema": {"type": "string"}}]}},
                "/proxy": {"get": {"operationId": "getProxy", "tags": ["hub"], "responses": \(Self.ok)},
                  "post": {"operationId": "postProxy", "tags": ["hub"], "responses": \(Self.ok)},
                  "patch": {"operationId": "patchProxy", "tags": ["hub"], "responses": \(Self.ok)}}
                """)
        let hub = fixture.group("HubEndpoints")
        func after(_ id: String) -> String {
            guard let start = hub.range(of: "mock: \"\(id)\"") else { return "(no \(id))" }
            let line = hub[start.lowerBound...].prefix { $0 != "\n" }
            return line.range(of: ".ordered(after: ").map { String(line[$0.upperBound...].prefix { $0 != ")" }) } ?? ""
        }
        // POST /users/{name} makes the user the path names: what is on its path, below it, or
        // reads its variable (the query's user_name) comes after it.
        #expect(after("getUser") == #""postUser""#, "\(hub)")
        #expect(after("patchUser") == #""getUser", "postUser""#)
        #expect(after("postActivity") == #""postUser""#)
        #expect(after("getAudit") == #""postUser""#)
        // Beside a PUT to the same path, the PUT (answering 201) creates and the POST acts on what it made.
        #expect(after("putServer") == #""postUser""#)
        #expect(after("getServer") == #""postUser", "putServer""#)
        #expect(after("startServer") == #""postUser", "getServer", "putServer""#)
        #expect(after("postUser") == "")
        // A collection's POST makes no resource a variable names: it only follows the reads of its path.
        #expect(after("postUsers") == #""getUsers""#)
        #expect(after("getUsers") == "")
        // Writes to a path with no creation follow its reads, unordered among themselves.
        #expect(after("postProxy") == #""getProxy""#)
        #expect(after("patchProxy") == #""getProxy""#)
        #expect(after("getProxy") == "")
        #expect(
            after("deleteUser")
                == #""getUser", "postUser", "patchUser", "postActivity", "getServer", "putServer", "startServer", "getAudit""#)
        #expect(
            fixture.notes.contains {
                $0.hasSuffix("getAudit: live reads it from $SHOP_USER_NAME")
            }, "\(fixture.notes)")
        // The user the run creates is its own: the writes send its name, the reads the variable's.
        #expect(
            fixture.notes.contains {
                $0.contains(
                    "postUser creates what its path names: it and the writes after it (deleteUser, patchUser, postActivity, putServer, "
                        + "startServer) send a name unique to the run")
            }, "\(fixture.notes)")
    }

    /// Arize Phoenix: a dataset is `{id}` on its own path and `{dataset_identifier}` below it,
    /// `PUT /projects/{project_identifier}` replaces a project `POST /projects` made, and an
    /// annotation config is assigned to a project below the project's path.
    @Test func aDeletionFollowsItsResourceUnderAnyPlaceholderNameAndAnItemsPutIsAnUpdate() throws {
        func parameter(_ name: String) -> String {
            #"{"name": "\#(name)", "in": "path", "required": true, "schema": {"type": "string"}}"#
        }
        let fixture = try ImportFixture(
            paths: """
                "/datasets/{id}": {"parameters": [\(parameter("id"))],
                  "get": {"operationId": "getDataset", "tags": ["p"], "responses": \(Self.ok)},
                  "delete": {"operationId": "deleteDataset", "tags": ["p"], "responses": \(Self.ok)}},
                "/datasets/{dataset_identifier}/splits": {"parameters": [\(parameter("dataset_identifier"))],
                  "get": {"operationId": "listSplits", "tags": ["p"], "responses": \(Self.ok)},
                  "post": {"operationId": "createSplit", "tags": ["p"], "responses": \(Self.ok)}},
                "/projects": {"get": {"operationId": "getProjects", "tags": ["p"], "responses": \(Self.ok)},
                  "post": {"operationId": "createProject", "tags": ["p"], "responses": \(Self.ok)}},
                "/projects/{project_identifier}": {"parameters": [\(parameter("project_identifier"))],
                  "get": {"operationId": "getProject", "tags": ["p"], "responses": \(Self.ok)},
                  "put": {"operationId": "updateProject", "tags": ["p"], "responses": \(Self.ok)},
                  "delete": {"operationId": "deleteProject", "tags": ["p"], "responses": \(Self.ok)}},
                "/projects/{project_identifier}/spans": {"parameters": [\(parameter("project_identifier"))],
                  "get": {"operationId": "getSpans", "tags": ["p"], "responses": \(Self.ok)}},
                "/configs": {"post": {"operationId": "createConfig", "tags": ["p"], "responses": \(Self.ok)}},
                "/configs/{config_identifier}": {"parameters": [\(parameter("config_identifier"))],
                  "get": {"operationId": "getConfig", "tags": ["p"], "responses": \(Self.ok)}},
                "/configs/{config_id}": {"parameters": [\(parameter("config_id"))],
                  "put": {"operationId": "updateConfig", "tags": ["p"], "responses": \(Self.ok)},
                  "delete": {"operationId": "deleteConfig", "tags": ["p"], "responses": \(Self.ok)}},
                "/projects/{project_identifier}/configs/{config_identifier}": {
                  "parameters": [\(parameter("project_identifier")), \(parameter("config_identifier"))],
                  "put": {"operationId": "assignConfig", "tags": ["p"], "responses": \(Self.ok)},
                  "delete": {"operationId": "unassignConfig", "tags": ["p"], "responses": \(Self.ok)}}
                """)
        let group = fixture.group("PEndpoints")
        func after(_ id: String) -> String {
            guard let start = group.range(of: "mock: \"\(id)\"") else { return "(no \(id))" }
            let line = group[start.lowerBound...].prefix { $0 != "\n" }
            return line.range(of: ".ordered(after: ").map { String(line[$0.upperBound...].prefix { $0 != ")" }) } ?? ""
        }
        #expect(after("deleteDataset") == #""getDataset", "listSplits", "createSplit""#, "\(group)")
        // An update follows the reads of its path, which it would change, and nothing follows it.
        #expect(after("updateProject") == #""getProject""#)
        #expect(after("getProject") == "")
        #expect(after("getSpans") == "")
        #expect(after("deleteProject") == #""getProject", "updateProject", "getSpans", "assignConfig", "unassignConfig""#)
        #expect(after("updateConfig") == #""getConfig""#)
        // A config assigned to a project is one before the link is made and after it is undone.
        #expect(after("getConfig") == "")
        #expect(after("unassignConfig") == #""assignConfig""#)
        #expect(after("deleteConfig") == #""getConfig", "updateConfig", "assignConfig", "unassignConfig""#)
        let set = fixture.notes.filter { $0.hasPrefix("set: ") }
        #expect(!set.contains { $0.contains("updateProject, which creates") }, "\(set)")
        #expect(
            set.contains { $0.contains("'dataset_identifier' of listSplits, createSplit: live reads it from $SHOP_DATASET_ID;") }, "\(set)")
    }

    /// Nautobot's jobs by id (a uuid) and by name are one route, which serve and live cannot tell
    /// apart: the import declares the id's and notes the name's, so the package passes its own
    /// `mocks` and no order names an endpoint it does not declare.
    @Test func pathsThatDifferOnlyInAPlaceholdersNameAreDeclaredOnce() throws {
        let byName = #"{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}"#
        let byID = #"{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}"#
        let fixture = try ImportFixture(
            paths: """
                "/jobs/{name}/": {"parameters": [\(byName)],
                  "get": {"operationId": "jobs_retrieve_by_name", "tags": ["jobs"], "responses": \(Self.ok)},
                  "delete": {"operationId": "jobs_destroy_by_name", "tags": ["jobs"], "responses": \(Self.ok)}},
                "/jobs/{id}/": {"parameters": [\(byID)],
                  "get": {"operationId": "jobs_retrieve", "tags": ["jobs"], "responses": \(Self.ok)},
                  "delete": {"operationId": "jobs_destroy", "tags": ["jobs"], "responses": \(Self.ok)}}
                """)
        let jobs = fixture.group("JobsEndpoints")
        #expect(!jobs.contains("by_name"), "\(jobs)")
        #expect(jobs.contains(#"mock: "jobs_destroy", successStatus: 204).ordered(after: "jobs_retrieve")"#), "\(jobs)")
        let notes = fixture.notes.filter { $0.contains("has the route of") }
        #expect(notes.count == 2, "\(fixture.notes)")
        #expect(
            notes.contains(
                "not mapped: #/paths/~1jobs~1{name}~1/get: GET /jobs/{name}/ has the route of /jobs/{id}/ (the paths differ only in a "
                    + "placeholder's name), which serve and live cannot tell apart: not declared; /jobs/{id}/ is, as its placeholder reads an id"
            ),
            "\(notes)")
    }
}
