@testable import APICheck
import Testing

/// An imported write to one object acts on what the run's creation of that collection made, the
/// id its answer gives (else the name its request sent), never on the object a variable names;
/// reads keep their variable and list.
@Suite struct CreatedSourcesTests {
    static func parameter(_ name: String) -> String {
        #"{"name": "\#(name)", "in": "path", "required": true, "schema": {"type": "string"}}"#
    }

    static func answer(_ schema: String, status: Int = 200) -> String {
        #"{"\#(status)": {"description": "ok", "content": {"application/json": {"schema": \#(schema)}}}}"#
    }

    static let body = #"{"content": {"application/json": {"schema": {"type": "object", "properties": {"name": {"type": "string"}}}}}}"#
    static let untitled = #"{"content": {"application/json": {"schema": {"type": "object", "properties": {"size": {"type": "integer"}}}}}}"#
    static let collection = ##"{"$ref": "#/components/schemas/Collection"}"##

    @Test func writesToOneObjectTakeTheIdTheCreationAnswered() throws {
        let fixture = try ImportFixture(
            schemas: #""Collection": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}"#,
            paths: """
                "/collections": {
                  "get": {"operationId": "list_collections", "tags": ["c"], "responses": \(Self.answer(#"{"type": "array", "items": \#(Self.collection)}"#))},
                  "post": {"operationId": "create_collection", "tags": ["c"], "requestBody": \(Self.body), "responses": \(Self.answer(Self.collection, status: 201))}},
                "/collections/{collection_id}": {"parameters": [\(Self.parameter("collection_id"))],
                  "get": {"operationId": "get_collection", "tags": ["c"], "responses": \(Self.answer(Self.collection))},
                  "patch": {"operationId": "update_collection", "tags": ["c"], "requestBody": \(Self.body), "responses": \(Self.answer(Self.collection))},
                  "delete": {"operationId": "delete_collection", "tags": ["c"], "responses": {"204": {"description": "gone"}}}},
                "/collections/{collection_id}/add": {"parameters": [\(Self.parameter("collection_id"))],
                  "post": {"operationId": "collection_add", "tags": ["c"], "requestBody": \(Self.body), "responses": {"204": {"description": "ok"}}}},
                "/tenants": {"post": {"operationId": "create_tenant", "tags": ["t"], "requestBody": \(Self.body), "responses": \(Self.answer(#"{"type": "object"}"#))}},
                "/tenants/{tenant}": {"parameters": [\(Self.parameter("tenant"))],
                  "delete": {"operationId": "delete_tenant", "tags": ["t"], "responses": {"204": {"description": "gone"}}}},
                "/groups": {"post": {"operationId": "create_group", "tags": ["g"], "requestBody": \(Self.untitled), "responses": \(Self.answer(#"{"type": "object"}"#))}},
                "/groups/{group}": {"parameters": [\(Self.parameter("group"))],
                  "delete": {"operationId": "delete_group", "tags": ["g"], "responses": {"204": {"description": "gone"}}}},
                "/users/{name}": {"parameters": [\(Self.parameter("name"))],
                  "put": {"operationId": "create_user", "tags": ["u"], "requestBody": \(Self.body), "responses": \(Self.answer(#"{"type": "object", "properties": {"id": {"type": "string"}}}"#))},
                  "delete": {"operationId": "delete_user", "tags": ["u"], "responses": {"204": {"description": "gone"}}}},
                "/users": {"post": {"operationId": "invite_user", "tags": ["u"], "requestBody": \(Self.body), "responses": \(Self.answer(#"{"type": "object", "properties": {"id": {"type": "string"}}}"#))}}
                """)
        let group = fixture.group("CEndpoints")
        let created = #".path("collection_id", .string, sample: .seen(endpoint: "create_collection", path: "$.id", fallback: nil))"#
        // The update, the deletion and the action on the collection: three writes, one creation.
        #expect(group.components(separatedBy: created).count == 4, "\(group)")
        // The read keeps its variable, and its list while the variable is unset.
        #expect(
            group.contains(
                #".path("collection_id", .string, sample: .environmentOr("SHOP_COLLECTION_ID", otherwise: .seen(endpoint: "list_collections", path: "$[0].id", fallback: nil)))"#
            ), "\(group)")
        // A creation whose answer names nothing (`{}`): the deletion sends the name its request sent.
        #expect(
            fixture.group("TEndpoints").contains(#".path("tenant", .string, sample: .sent(endpoint: "create_tenant", path: "$.name"))"#))
        // The creation's made-up name is the run's own, so a second run is not refused for the first's.
        #expect(
            fixture.group("TEndpoints").contains(
                ##"#"{"name":"string"}"#.utf8)), replacing: [.input("name", .string, sample: .unique(prefix: "apicheck-"))])"##),
            "\(fixture.group("TEndpoints"))")
        // Nor its request (no `name`): the deletion keeps its variable.
        #expect(
            fixture.group("GEndpoints").contains(#"sample: .environment("SHOP_GROUP", fallback: nil))"#), "\(fixture.group("GEndpoints"))")
        // A path the run creates itself (`PUT /users/{name}`) names what it deletes already.
        #expect(fixture.group("UEndpoints").components(separatedBy: #"sample: .environment("SHOP_USER_NAME", fallback: nil))"#).count == 3)
        let note = fixture.result.notes.first { $0.message.hasPrefix("delete_collection, update_collection, collection_add act on") }
        #expect(note?.kind == .madeUp, "\(fixture.result.notes.map(\.message))")
        #expect(note?.message.contains("on what create_collection creates") == true, "\(fixture.result.notes.map(\.message))")
        // The variable is still read by the read, and says so without the writes.
        let variable = fixture.result.notes.first { $0.message.contains("$SHOP_COLLECTION_ID") }?.message ?? ""
        #expect(variable.contains("get_collection") && !variable.contains("delete_collection"), "\(variable)")
    }

    /// An answer that wraps the created object (`{"data": Project}`, FastAPI's Phoenix) names it
    /// inside, and an `…_identifier` placeholder takes its id: a full live deleted the project
    /// `$PHOENIX_PROJECT_IDENTIFIER` named, with its traces. A wrapped object of another kind (a
    /// prompt's creation answering its version) names no prompt.
    @Test func aWrappedAnswerNamesTheObjectOfItsKind() throws {
        let wrapped = { (kind: String) in ##"{"type": "object", "properties": {"data": {"$ref": "#/components/schemas/\##(kind)"}}}"## }
        let fixture = try ImportFixture(
            schemas: """
                "Project": {"type": "object", "properties": {"name": {"type": "string"}, "id": {"type": "string"}}},
                "PromptVersion": {"type": "object", "properties": {"id": {"type": "string"}}}
                """,
            paths: """
                "/v1/projects": {
                  "get": {"operationId": "getProjects", "tags": ["p"], "responses": \(Self.answer(##"{"type": "array", "items": {"$ref": "#/components/schemas/Project"}}"##))},
                  "post": {"operationId": "createProject", "tags": ["p"], "requestBody": \(Self.body), "responses": \(Self.answer(wrapped("Project")))}},
                "/v1/projects/{project_identifier}": {"parameters": [\(Self.parameter("project_identifier"))],
                  "get": {"operationId": "getProject", "tags": ["p"], "responses": \(Self.answer(wrapped("Project")))},
                  "delete": {"operationId": "deleteProject", "tags": ["p"], "responses": {"204": {"description": "gone"}}}},
                "/v1/prompts": {
                  "post": {"operationId": "createPrompt", "tags": ["q"], "requestBody": \(Self.untitled), "responses": \(Self.answer(wrapped("PromptVersion")))}},
                "/v1/prompts/{prompt_identifier}": {"parameters": [\(Self.parameter("prompt_identifier"))],
                  "delete": {"operationId": "deletePrompt", "tags": ["q"], "responses": {"204": {"description": "gone"}}}}
                """)
        let projects = fixture.group("PEndpoints")
        let created = #".path("project_identifier", .string, sample: .seen(endpoint: "createProject", path: "$.data.id", fallback: nil))"#
        #expect(projects.contains(created), "\(projects)")
        // The read keeps the variable a person sets.
        #expect(projects.contains(#"sample: .environment("SHOP_PROJECT_IDENTIFIER""#), "\(projects)")
        let prompts = fixture.group("QEndpoints")
        #expect(prompts.contains(#"sample: .environment("SHOP_PROMPT_IDENTIFIER", fallback: nil))"#), "\(prompts)")
    }

    /// An id the creation's answer declares a `number` (Flask-AppBuilder's `{"id": number,
    /// "result": …}`, Superset's annotation layers, charts, dashboards) names the object as an
    /// integer one does: each full run left a layer behind, its deletion sending the variable's.
    /// Prefect creates a saved search with `PUT /saved_searches/` (no POST there), answering its
    /// id: the deletion names what the run made, and is no write held as acting on existing objects.
    @Test func aPutIntoACollectionWithoutAPostIsItsCreation() throws {
        let search = #"{"type": "object", "properties": {"id": {"type": "string", "format": "uuid"}, "name": {"type": "string"}}}"#
        let fixture = try ImportFixture(
            paths: """
                "/saved_searches/": {"put": {"operationId": "create_saved_search", "tags": ["s"], "requestBody": \(Self.body), "responses": \(Self.answer(search, status: 201))}},
                "/saved_searches/{id}": {"parameters": [\(Self.parameter("id"))],
                  "get": {"operationId": "read_saved_search", "tags": ["s"], "responses": \(Self.answer(search))},
                  "delete": {"operationId": "delete_saved_search", "tags": ["s"], "responses": {"204": {"description": "gone"}}}},
                "/settings": {"put": {"operationId": "replace_settings", "tags": ["t"], "requestBody": \(Self.body), "responses": \(Self.answer(#"{"type": "object"}"#))},
                  "post": {"operationId": "add_setting", "tags": ["t"], "requestBody": \(Self.body), "responses": \(Self.answer(#"{"type": "object"}"#))}}
                """)
        let group = fixture.group("SEndpoints")
        #expect(
            group.contains(#".path("id", .string, sample: .seen(endpoint: "create_saved_search", path: "$.id", fallback: nil))"#),
            "\(group)")
        #expect(!group.contains("actingOnExisting()"), "\(group)")
    }

    @Test func aNumberIdNamesWhatTheCreationMade() throws {
        let integer = #"{"name": "pk", "in": "path", "required": true, "schema": {"type": "integer"}}"#
        let created = ##"{"type": "object", "properties": {"id": {"type": "number"}, "result": {"$ref": "#/components/schemas/Layer"}}}"##
        let fixture = try ImportFixture(
            schemas: #""Layer": {"type": "object", "properties": {"name": {"type": "string"}}}"#,
            paths: """
                "/api/v1/layer/": {
                  "post": {"operationId": "create_layer", "tags": ["l"], "requestBody": \(Self.body), "responses": \(Self.answer(created, status: 201))}},
                "/api/v1/layer/{pk}": {"parameters": [\(integer)],
                  "delete": {"operationId": "delete_layer", "tags": ["l"], "responses": \(Self.answer(#"{"type": "object"}"#))}}
                """)
        let layers = fixture.group("LEndpoints")
        #expect(layers.contains(#"sample: .seen(endpoint: "create_layer", path: "$.id", fallback: nil))"#), "\(layers)")
    }

    /// A kind whose objects sit under its singular (go-swagger's Alertmanager: `POST /silences`
    /// answers `{"silenceID": …}`, `GET` and `DELETE /silence/{silenceID}`): the deletion acts on
    /// the silence the run made, not on `$…_SILENCE_ID` (declared acting on existing objects, it
    /// was never checked), and the read takes the plural list's first item while that is unset.
    @Test func aSingularObjectPathFollowsItsPluralCollection() throws {
        let silence = ##"{"$ref": "#/components/schemas/Silence"}"##
        let fixture = try ImportFixture(
            schemas: #""Silence": {"type": "object", "properties": {"id": {"type": "string"}, "comment": {"type": "string"}}}"#,
            paths: """
                "/silences": {
                  "get": {"operationId": "getSilences", "tags": ["s"], "responses": \(Self.answer(#"{"type": "array", "items": \#(silence)}"#))},
                  "post": {"operationId": "postSilences", "tags": ["s"], "requestBody": \(Self.body), "responses": \(Self.answer(#"{"type": "object", "properties": {"silenceID": {"type": "string"}}}"#))}},
                "/silence/{silenceID}": {"parameters": [\(Self.parameter("silenceID"))],
                  "get": {"operationId": "getSilence", "tags": ["s"], "responses": \(Self.answer(silence))},
                  "delete": {"operationId": "deleteSilence", "tags": ["s"], "responses": {"200": {"description": "expired"}}}}
                """)
        let group = fixture.group("SEndpoints")
        #expect(group.contains(#"sample: .seen(endpoint: "postSilences", path: "$.silenceID", fallback: nil))"#), "\(group)")
        #expect(!group.contains(".actingOnExisting()"), "\(group)")
        #expect(
            group.contains(
                #"sample: .environmentOr("SHOP_SILENCE_ID", otherwise: .seen(endpoint: "getSilences", path: "$[0].id", fallback: nil)))"#
            ), "\(group)")
    }

    /// An id the creation's answer allows null (3.1's `["string", "null"]`, as `apicheck openapi`
    /// writes an optional member, or FastAPI's `anyOf` it and `null`) names the object all the
    /// same: the package imported from Alertmanager's export declared its deletion acting on
    /// existing objects, where the package imported from the server's own document did not.
    @Test func aNullableIdNamesWhatTheCreationMade() throws {
        let listed = #"{"type": "object", "properties": {"silenceID": {"type": ["string", "null"]}}}"#
        let union = #"{"type": "object", "properties": {"id": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}"#
        let fixture = try ImportFixture(
            paths: """
                "/silences": {"post": {"operationId": "postSilences", "tags": ["s"], "requestBody": \(Self.body), "responses": \(Self.answer(listed))}},
                "/silence/{silenceID}": {"parameters": [\(Self.parameter("silenceID"))],
                  "delete": {"operationId": "deleteSilence", "tags": ["s"], "responses": {"200": {"description": "expired"}}}},
                "/runs": {"post": {"operationId": "createRun", "tags": ["r"], "requestBody": \(Self.body), "responses": \(Self.answer(union))}},
                "/runs/{run_id}": {"parameters": [\(Self.parameter("run_id"))],
                  "delete": {"operationId": "deleteRun", "tags": ["r"], "responses": {"204": {"description": "gone"}}}}
                """)
        let silences = fixture.group("SEndpoints"), runs = fixture.group("REndpoints")
        #expect(silences.contains(#"sample: .seen(endpoint: "postSilences", path: "$.silenceID", fallback: nil))"#), "\(silences)")
        #expect(runs.contains(#"sample: .seen(endpoint: "createRun", path: "$.id", fallback: nil))"#), "\(runs)")
    }
}
