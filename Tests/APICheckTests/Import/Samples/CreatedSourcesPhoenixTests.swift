@testable import APICheck
import Testing

/// Creations Arize Phoenix makes otherwise than by the collection's own POST with an id in its
/// answer: a full live deleted the user's dataset and prompt, and sent the user's annotation
/// config's name to its deletion.
@Suite struct CreatedSourcesPhoenixTests {
    @Test func anUploadAVersionOrAUnionOfKindsStillNamesWhatTheRunMade() throws {
        let ref = { (kind: String) in ##"{"$ref": "#/components/schemas/\##(kind)"}"## }
        let answer = CreatedSourcesTests.answer
        let parameter = CreatedSourcesTests.parameter
        let fixture = try ImportFixture(
            schemas: """
                "Uploaded": {"type": "object", "properties": {"data": \(ref("UploadData"))}},
                "UploadData": {"type": "object", "properties": {"dataset_id": {"type": "string"}, "version_id": {"type": "string"}}},
                "PromptData": {"type": "object", "properties": {"name": {"type": "string"}, "description": {"type": "string"}}},
                "PromptVersionData": {"type": "object", "properties": {"model_name": {"type": "string"}}},
                "PromptVersion": {"type": "object", "properties": {"id": {"type": "string"}}},
                "CategoricalAnnotationConfig": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}},
                "ContinuousAnnotationConfig": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}
                """,
            paths: """
                "/v1/datasets": {"get": {"operationId": "listDatasets", "tags": ["d"], "responses": \(answer(#"{"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}}}}"#, 200))}},
                "/v1/datasets/upload": {"post": {"operationId": "uploadDataset", "tags": ["d"], "requestBody": \(CreatedSourcesTests.body),
                  "responses": \(answer(#"{"anyOf": [\#(ref("Uploaded")), {"type": "null"}]}"#, 200))}},
                "/v1/datasets/{id}": {"parameters": [\(parameter("id"))],
                  "delete": {"operationId": "deleteDataset", "tags": ["d"], "responses": {"204": {"description": "gone"}}}},
                "/v1/jobs/import": {"post": {"operationId": "importJobs", "tags": ["j"], "requestBody": \(CreatedSourcesTests.body),
                  "responses": \(answer(#"{"type": "object", "properties": {"id": {"type": "string"}}}"#, 200))}},
                "/v1/jobs/{job_id}": {"parameters": [\(parameter("job_id"))],
                  "delete": {"operationId": "deleteJob", "tags": ["j"], "responses": {"204": {"description": "gone"}}}},
                "/v1/prompts": {"post": {"operationId": "createPrompt", "tags": ["q"],
                  "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {"prompt": \(ref("PromptData")), "version": \(ref("PromptVersionData"))}}}}},
                  "responses": \(answer(#"{"type": "object", "properties": {"data": \#(ref("PromptVersion"))}}"#, 200))}},
                "/v1/prompts/{prompt_identifier}": {"parameters": [\(parameter("prompt_identifier"))],
                  "delete": {"operationId": "deletePrompt", "tags": ["q"], "responses": {"204": {"description": "gone"}}}},
                "/v1/annotation_configs": {"post": {"operationId": "createConfig", "tags": ["a"], "requestBody": \(CreatedSourcesTests.body),
                  "responses": \(answer(#"{"type": "object", "properties": {"data": {"oneOf": [\#(ref("CategoricalAnnotationConfig")), \#(ref("ContinuousAnnotationConfig"))]}}}"#, 200))}},
                "/v1/annotation_configs/{config_id}": {"parameters": [\(parameter("config_id"))],
                  "delete": {"operationId": "deleteConfig", "tags": ["a"], "responses": {"204": {"description": "gone"}}}}
                """)
        // The upload, beside no POST of the collection, names the dataset by its kind's id, inside `data`.
        let datasets = fixture.group("DEndpoints")
        #expect(
            datasets.contains(#".path("id", .string, sample: .seen(endpoint: "uploadDataset", path: "$.data.dataset_id", fallback: nil))"#),
            "\(datasets)")
        // An action answering a plain `id` (a job's) names no object of its collection.
        #expect(
            fixture.group("JEndpoints").contains(#"sample: .environment("SHOP_JOB_ID", fallback: nil))"#), "\(fixture.group("JEndpoints"))")
        // The prompt's name is inside the one member of the prompt's kind the request wraps.
        let prompts = fixture.group("QEndpoints")
        #expect(
            prompts.contains(#".path("prompt_identifier", .string, sample: .sent(endpoint: "createPrompt", path: "$.prompt.name"))"#),
            "\(prompts)")
        // Each branch of the union is an annotation config with an `id`.
        let configs = fixture.group("AEndpoints")
        #expect(
            configs.contains(#".path("config_id", .string, sample: .seen(endpoint: "createConfig", path: "$.data.id", fallback: nil))"#),
            "\(configs)")
    }

    /// `{config_id}` and `{config_identifier}` read one variable, the import's word that they name
    /// one config: once the config's own writes act on what the run made, so do its assignment to
    /// a project and its removal, ordered before the config's deletion; the read keeps the variable.
    @Test func aPlaceholderSharingTheVariableOfALinkedOneFollowsTheSameCreation() throws {
        let answer = CreatedSourcesTests.answer
        let parameter = CreatedSourcesTests.parameter
        let config = ##"{"type": "object", "properties": {"data": {"$ref": "#/components/schemas/AnnotationConfig"}}}"##
        let fixture = try ImportFixture(
            schemas: #""AnnotationConfig": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}"#,
            paths: """
                "/v1/annotation_configs": {"post": {"operationId": "createConfig", "tags": ["a"], "requestBody": \(CreatedSourcesTests.body),
                  "responses": \(answer(config, 200))}},
                "/v1/annotation_configs/{config_identifier}": {"parameters": [\(parameter("config_identifier"))],
                  "get": {"operationId": "getConfig", "tags": ["a"], "responses": \(answer(config, 200))}},
                "/v1/annotation_configs/{config_id}": {"parameters": [\(parameter("config_id"))],
                  "delete": {"operationId": "deleteConfig", "tags": ["a"], "responses": {"204": {"description": "gone"}}}},
                "/v1/projects/{project_identifier}/annotation_configs/{config_identifier}": {
                  "parameters": [\(parameter("project_identifier")), \(parameter("config_identifier"))],
                  "put": {"operationId": "assignConfig", "tags": ["a"], "responses": {"204": {"description": "ok"}}},
                  "delete": {"operationId": "unassignConfig", "tags": ["a"], "responses": {"204": {"description": "gone"}}}},
                "/v1/projects/{project_identifier}/labels/{config_identifier}": {
                  "parameters": [\(parameter("project_identifier")), \(parameter("config_identifier"))],
                  "put": {"operationId": "labelProject", "tags": ["a"], "responses": {"204": {"description": "ok"}}}}
                """)
        let configs = fixture.group("AEndpoints")
        let created = #".path("config_identifier", .string, sample: .seen(endpoint: "createConfig", path: "$.data.id", fallback: nil))"#
        #expect(configs.components(separatedBy: created).count == 3, "\(configs)")
        #expect(
            configs.contains(#".path("config_id", .string, sample: .seen(endpoint: "createConfig", path: "$.data.id", fallback: nil))"#))
        // The read keeps the variable; a placeholder of that name under another segment is no config's.
        #expect(
            configs.contains(#".path("config_identifier", .string, sample: .environment("SHOP_ANNOTATION_CONFIG_IDENTIFIER""#), "\(configs)"
        )
        #expect(
            configs.contains(#""assignConfig", "unassignConfig")"#) || configs.contains(#""unassignConfig", "assignConfig")"#), "\(configs)"
        )
    }
}
