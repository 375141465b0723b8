@testable import APICheck
import Foundation
import Testing

/// Path parameters without a value of their own read a variable named after their resource:
/// different resources' ids never share one, one resource's operations share it, and the import
/// lists each variable once with the operations that read it.
@Suite struct SampleVariableTests {
    static let paths = """
        "/flows/{id}": {
          "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}],
          "get": {"operationId": "read_flow", "tags": ["Flows"], "responses": {"204": {"description": "ok"}}},
          "delete": {"operationId": "delete_flow", "tags": ["Flows"], "responses": {"204": {"description": "gone"}}}},
        "/flows/name/{name}": {"get": {"operationId": "read_flow_by_name", "tags": ["Flows"],
          "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
          "responses": {"204": {"description": "ok"}}}},
        "/deployments/{id}": {"get": {"operationId": "read_deployment", "tags": ["Deployments"],
          "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
          "responses": {"204": {"description": "ok"}}}},
        "/work_pools/{name}": {"get": {"operationId": "read_work_pool", "tags": ["Work Pools"],
          "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
          "responses": {"204": {"description": "ok"}}}},
        "/work_pools/{work_pool_name}/queues/{name}": {"get": {"operationId": "read_queue", "tags": ["Work Pools"],
          "parameters": [{"name": "work_pool_name", "in": "path", "required": true, "schema": {"type": "string"}},
                         {"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
          "responses": {"204": {"description": "ok"}}}},
        "/categories/{categoryId}": {"get": {"operationId": "category",
          "parameters": [{"name": "categoryId", "in": "path", "required": true, "schema": {"type": "integer"}},
                         {"name": "id", "in": "query", "required": true, "schema": {"type": "string"}}],
          "responses": {"204": {"description": "ok"}}}}
        """

    @Test func eachResourcesParameterHasAVariableOfItsOwn() throws {
        let fixture = try ImportFixture(paths: Self.paths)
        let flows = fixture.group("FlowsEndpoints")
        #expect(
            flows.contains(
                #"id: "read_flow", .get, "flows/{id}",\#n            parameters: [\#n                .path("id", .string, sample: .environment("SHOP_FLOW_ID", fallback: nil)).formatted(.uuid),"#
            ), "\(flows)")
        #expect(
            flows.contains(
                #"id: "delete_flow", .delete, "flows/{id}",\#n            parameters: [\#n                .path("id", .string, sample: .environment("SHOP_FLOW_ID", fallback: nil)).formatted(.uuid),"#
            ))
        #expect(flows.contains(#".path("name", .string, sample: .environment("SHOP_FLOW_NAME", fallback: nil)),"#))
        #expect(
            fixture.group("DeploymentsEndpoints").contains(
                #".path("id", .string, sample: .environment("SHOP_DEPLOYMENT_ID", fallback: nil)),"#))
        let pools = fixture.group("WorkPoolsEndpoints")
        #expect(pools.contains(#".path("name", .string, sample: .environment("SHOP_WORK_POOL_NAME", fallback: nil)),"#), "\(pools)")
        #expect(pools.contains(#".path("work_pool_name", .string, sample: .environment("SHOP_WORK_POOL_NAME", fallback: nil)),"#))
        #expect(pools.contains(#".path("name", .string, sample: .environment("SHOP_QUEUE_NAME", fallback: nil)),"#))
        let other = fixture.group("DefaultEndpoints")
        #expect(other.contains(#".path("categoryId", .int, sample: .environment("SHOP_CATEGORY_ID", fallback: nil)),"#))
        // A query parameter identifies no resource: named after itself.
        #expect(other.contains(#".query("id", .string, required: true, sample: .environment("SHOP_ID", fallback: nil)),"#))
    }

    @Test func eachVariableIsListedOnceWithTheOperationsThatReadIt() throws {
        let fixture = try ImportFixture(paths: Self.paths)
        let set = fixture.notes.filter { $0.hasPrefix("set: ") }
        #expect(
            set == [
                "set: #/paths/~1flows~1{id}/parameters/0: no example for the path parameter 'id' of read_flow, delete_flow: live reads it from $SHOP_FLOW_ID; delete_flow is ordered after the others, which read what it deletes; delete_flow writes to what it names, which the run does not create: declared actingOnExisting(), so a full live sends it only when --only names it by id",
                "set: #/paths/~1flows~1name~1{name}/get/parameters/0: no example for the path parameter 'name' of read_flow_by_name: live reads it from $SHOP_FLOW_NAME",
                "set: #/paths/~1deployments~1{id}/get/parameters/0: no example for the path parameter 'id' of read_deployment: live reads it from $SHOP_DEPLOYMENT_ID",
                "set: #/paths/~1work_pools~1{name}/get/parameters/0: no example for the path parameter 'name' of read_work_pool; the path parameter 'work_pool_name' of read_queue: live reads it from $SHOP_WORK_POOL_NAME",
                "set: #/paths/~1work_pools~1{work_pool_name}~1queues~1{name}/get/parameters/1: no example for the path parameter 'name' of read_queue: live reads it from $SHOP_QUEUE_NAME",
                "set: #/paths/~1categories~1{categoryId}/get/parameters/0: no example for the path parameter 'categoryId' of category: live reads it from $SHOP_CATEGORY_ID",
                "set: #/paths/~1categories~1{categoryId}/get/parameters/1: no example for the query parameter 'id' of category: live reads it from $SHOP_ID",
            ], "\(set)")
        #expect(
            fixture.declaration.contains(
                """
                    // `apicheck live` reads these samples from the environment (the document gives the
                    // parameters no example, or a path's id only as an example, sent while the variable
                    // is unset): set each to a value of its resource on the server.
                    // - SHOP_FLOW_ID: the path parameter 'id' of read_flow, delete_flow
                    // - SHOP_FLOW_NAME: the path parameter 'name' of read_flow_by_name
                """), "\(fixture.declaration)")
        #expect(
            fixture.declaration.contains(
                "    // - SHOP_WORK_POOL_NAME: the path parameter 'name' of read_work_pool; the path parameter 'work_pool_name'\n    //   of read_queue\n"
            ))
    }

    /// pygeoapi's collections each have items under `/collections/<name>/items/{featureId}`:
    /// named after the segment before the placeholder alone, a lake's and an observation's feature
    /// read one variable, `SHOP_ITEM_FEATURE_ID`, though neither's id is the other's.
    /// A path's example is an id made up for the document (Chroma's `tenant` and
    /// `collection_id` give one uuid everywhere): the path reads the resource's variable and sends
    /// the example only while it is unset, so a run can be pointed at real ids. An enum's value
    /// and a query's example stay literal.
    @Test func aPathsExampleIsTheFallbackOfItsVariable() throws {
        let fixture = try ImportFixture(
            paths: """
                "/tenants/{tenant}/collections/{collection_id}": {"get": {"operationId": "get_collection",
                  "parameters": [{"name": "tenant", "in": "path", "required": true, "schema": {"type": "string"}, "example": "1e30d217"},
                                 {"name": "collection_id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}, "example": "1e30d217"},
                                 {"name": "limit", "in": "query", "schema": {"type": "integer"}, "example": 5}],
                  "responses": {"204": {"description": "ok"}}}},
                "/tenants/{tenant}": {"get": {"operationId": "get_tenant",
                  "parameters": [{"name": "tenant", "in": "path", "required": true, "schema": {"type": "string"}}],
                  "responses": {"204": {"description": "ok"}}}},
                "/kinds/{kind}": {"get": {"operationId": "get_kind",
                  "parameters": [{"name": "kind", "in": "path", "required": true, "schema": {"type": "string", "enum": ["a", "b"]}, "example": "a"}],
                  "responses": {"204": {"description": "ok"}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#".path("tenant", .string, sample: .environment("SHOP_TENANT", fallback: "1e30d217")),"#), "\(group)")
        #expect(
            group.contains(
                #".path("collection_id", .string, sample: .environment("SHOP_COLLECTION_ID", fallback: "1e30d217")).formatted(.uuid),"#))
        #expect(group.contains(#".query("limit", .int, sample: .literal(5)),"#))
        #expect(group.contains(#".path("kind", .string, sample: .literal("a")).allowing(["a", "b"]),"#), "\(group)")
        // One variable for the tenant, example or not; the note says which have an example.
        let set = fixture.notes.filter { $0.hasPrefix("set: ") }
        #expect(
            set == [
                "set: #/paths/~1tenants~1{tenant}~1collections~1{collection_id}/get/parameters/0: no example for the path parameter 'tenant' of get_tenant, only an example for the path parameter 'tenant' of get_collection: live reads $SHOP_TENANT, else sends the example where there is one",
                "set: #/paths/~1tenants~1{tenant}~1collections~1{collection_id}/get/parameters/1: only an example for the path parameter 'collection_id' of get_collection, seldom one the server holds: live reads $SHOP_COLLECTION_ID, else sends the example",
            ], "\(set)")
    }

    @Test func resourcesThatOneNameWouldStandForAreToldApartByTheSegmentThatDiffers() throws {
        let feature = #"{"name": "featureId", "in": "path", "required": true, "schema": {"type": "string"}}"#
        let fixture = try ImportFixture(
            paths: """
                "/collections/lakes/items/{featureId}": {"parameters": [\(feature)],
                  "get": {"operationId": "getLakesFeature", "responses": {"204": {"description": "ok"}}},
                  "options": {"operationId": "optionsLakesFeature", "responses": {"204": {"description": "ok"}}}},
                "/collections/obs/items/{featureId}": {"parameters": [\(feature)],
                  "get": {"operationId": "getObsFeature", "responses": {"204": {"description": "ok"}}}},
                "/jobs/{jobId}": {"get": {"operationId": "getJob", "responses": {"204": {"description": "ok"}}}}
                """)
        let set = fixture.notes.filter { $0.hasPrefix("set: ") }
        #expect(
            set == [
                "set: #/paths/~1collections~1lakes~1items~1{featureId}/parameters/0: no example for the path parameter 'featureId' of getLakesFeature, optionsLakesFeature: live reads it from $SHOP_LAKES_ITEM_FEATURE_ID",
                "set: #/paths/~1collections~1obs~1items~1{featureId}/parameters/0: no example for the path parameter 'featureId' of getObsFeature: live reads it from $SHOP_OBS_ITEM_FEATURE_ID",
                "set: #/paths/~1jobs~1{jobId}/get: no example for the path parameter 'jobId' of getJob: live reads it from $SHOP_JOB_ID",
            ], "\(set)")
    }

    @Test func aNameIsQualifiedOnlyWhereResourcesShareIt() {
        let names = PathVariableNames(
            paths: [
                "/a/x/items/{id}", "/b/x/items/{id}", "/c/y/items/{id}", "/c/y/items/{id}/parts", "/items/{id}", "/{tenant}/items/{id}",
                "/flows/{id}", "/flows/{flow_id}/runs", "/orgs/{org}/users/{user_id}", "/users/{user_id}",
            ], prefix: "SHOP")
        #expect(names.name(prefix: "SHOP", parameter: "id", path: "/a/x/items/{id}") == "SHOP_A_X_ITEM_ID")
        #expect(names.name(prefix: "SHOP", parameter: "id", path: "/b/x/items/{id}") == "SHOP_B_X_ITEM_ID")
        #expect(names.name(prefix: "SHOP", parameter: "id", path: "/c/y/items/{id}") == "SHOP_Y_ITEM_ID")
        #expect(names.name(prefix: "SHOP", parameter: "id", path: "/c/y/items/{id}/parts") == "SHOP_Y_ITEM_ID")
        #expect(names.name(prefix: "SHOP", parameter: "id", path: "/items/{id}") == "SHOP_ITEM_ID")
        #expect(names.name(prefix: "SHOP", parameter: "id", path: "/{tenant}/items/{id}") == "SHOP_ITEM_ID")
        // One resource under two placeholders' names keeps its one name.
        #expect(names.name(prefix: "SHOP", parameter: "id", path: "/flows/{id}") == "SHOP_FLOW_ID")
        #expect(names.name(prefix: "SHOP", parameter: "flow_id", path: "/flows/{flow_id}/runs") == "SHOP_FLOW_ID")
        #expect(names.name(prefix: "SHOP", parameter: "user_id", path: "/users/{user_id}") == "SHOP_USER_ID")
        // A path that only adds a prefix is another way to the same resource.
        #expect(names.name(prefix: "SHOP", parameter: "user_id", path: "/orgs/{org}/users/{user_id}") == "SHOP_USER_ID")
    }

    /// Airflow's `/api/v2/dagSources/{dag_id}` is a dag's source: its placeholder names the dag,
    /// whose id `/api/v2/dags/{dag_id}` reads, so both read `AIRFLOW_DAG_ID` rather than the
    /// source one of its own (`AIRFLOW_DAG_SOURCE_DAG_ID`) that a run would set to the same id.
    /// A placeholder that names no resource (`{id}`) keeps its segment's name.
    @Test func aPlaceholderNamingItsResourceReadsThatResourcesVariable() {
        let names = PathVariableNames(
            paths: [
                "/api/v2/dags/{dag_id}", "/api/v2/dagSources/{dag_id}", "/api/v2/dags/{dag_id}/tasks/{task_id}", "/flows/{id}",
                "/runs/{id}",
            ],
            prefix: "AIRFLOW")
        #expect(names.name(prefix: "AIRFLOW", parameter: "dag_id", path: "/api/v2/dagSources/{dag_id}") == "AIRFLOW_DAG_ID")
        #expect(names.name(prefix: "AIRFLOW", parameter: "dag_id", path: "/api/v2/dags/{dag_id}") == "AIRFLOW_DAG_ID")
        #expect(names.name(prefix: "AIRFLOW", parameter: "task_id", path: "/api/v2/dags/{dag_id}/tasks/{task_id}") == "AIRFLOW_TASK_ID")
        #expect(names.name(prefix: "AIRFLOW", parameter: "id", path: "/runs/{id}") == "AIRFLOW_RUN_ID")
    }

    /// Arize Phoenix names a dataset `{id}`, `{dataset_id}` and `{dataset_identifier}` right after
    /// `/v1/datasets`, an annotation config `{config_identifier}` and `{config_id}`: one resource
    /// each, one variable each, the name most placeholders read, so a run sets one id and a
    /// deletion is ordered after every operation on its resource. An artifact's `{key}` says no id
    /// and keeps its own; a version segment tells no resource apart.
    @Test func oneResourcesPlaceholdersReadOneVariable() {
        let paths = [
            "/v1/datasets/{id}", "/v1/datasets/{id}/versions", "/v1/datasets/{dataset_id}/experiments",
            "/v1/datasets/{dataset_identifier}/splits", "/v1/datasets/{dataset_identifier}/splits/{split_id}",
            "/v1/annotation_configs/{config_identifier}", "/v1/annotation_configs/{config_id}",
            "/v1/projects/{project_identifier}/annotation_configs/{config_identifier}",
            "/artifacts/{id}", "/artifacts/{key}/latest", "/v1/items/{id}", "/v2/items/{id}",
        ]
        let names = PathVariableNames(paths: paths, prefix: "PHOENIX")
        func name(_ parameter: String, _ path: String) -> String { names.name(prefix: "PHOENIX", parameter: parameter, path: path) }
        #expect(name("id", "/v1/datasets/{id}") == "PHOENIX_DATASET_ID")
        #expect(name("dataset_id", "/v1/datasets/{dataset_id}/experiments") == "PHOENIX_DATASET_ID")
        #expect(name("dataset_identifier", "/v1/datasets/{dataset_identifier}/splits") == "PHOENIX_DATASET_ID")
        #expect(name("dataset_identifier", "/v1/datasets/{dataset_identifier}/splits/{split_id}") == "PHOENIX_DATASET_ID")
        #expect(name("split_id", "/v1/datasets/{dataset_identifier}/splits/{split_id}") == "PHOENIX_SPLIT_ID")
        let config = "PHOENIX_ANNOTATION_CONFIG_IDENTIFIER"
        #expect(name("config_identifier", "/v1/annotation_configs/{config_identifier}") == config)
        #expect(name("config_id", "/v1/annotation_configs/{config_id}") == config)
        #expect(name("config_identifier", "/v1/projects/{project_identifier}/annotation_configs/{config_identifier}") == config)
        #expect(name("id", "/artifacts/{id}") == "PHOENIX_ARTIFACT_ID")
        #expect(name("key", "/artifacts/{key}/latest") == "PHOENIX_ARTIFACT_KEY")
        #expect(name("id", "/v1/items/{id}") == "PHOENIX_ITEM_ID")
        #expect(name("id", "/v2/items/{id}") == "PHOENIX_ITEM_ID")
    }

    @Test(arguments: [
        ("/sessions/{session}", "session", "SHOP_SESSION"), ("/api/contents/{path}/checkpoints", "path", "SHOP_CONTENT_PATH"),
        ("/concurrency_limits/tag/{tag}", "tag", "SHOP_CONCURRENCY_LIMIT_TAG"),
        ("/deployments/name/{flow_name}/{deployment_name}", "flow_name", "SHOP_DEPLOYMENT_FLOW_NAME"),
        ("/deployments/name/{flow_name}/{deployment_name}", "deployment_name", "SHOP_DEPLOYMENT_NAME"),
        ("/{tenant}/pets", "tenant", "SHOP_TENANT"),
        ("/api/storages/gcs/{id}", "id", "SHOP_GCS_ID"), ("/api/storages/localfiles/{id}", "id", "SHOP_LOCALFILE_ID"),
        ("/v1/{name}", "name", "SHOP_NAME"),
        ("/pipeline_builds/{build_id}", "build_id", "SHOP_PIPELINE_BUILD_ID"),
        ("/pets/{petal_id}", "petal_id", "SHOP_PET_PETAL_ID"),
    ])
    func aPathParameterIsNamedAfterTheSegmentBeforeIt(path: String, parameter: String, variable: String) {
        #expect(SampleVariable.name(prefix: "SHOP", place: "path", parameter: parameter, path: path) == variable)
    }

    /// Django REST framework spells an acronym letter by letter (`open_p_g_p_user_i_d_href`) and
    /// Pulp repeats a plugin's name (`pulp_pulp_export_href`): a run of single letters is one
    /// word, and a word repeated where the name begins is said once.
    @Test(arguments: [
        ("{open_p_g_p_user_i_d_href}", "open_p_g_p_user_i_d_href", "PULP_OPEN_PGP_USER_ID_HREF"),
        ("{certguard_r_h_s_m_cert_guard_href}", "certguard_r_h_s_m_cert_guard_href", "PULP_CERTGUARD_RHSM_CERT_GUARD_HREF"),
        ("{pulp_pulp_export_href}", "pulp_pulp_export_href", "PULP_EXPORT_HREF"),
        ("{pulp_exporter_href}exports/", "pulp_exporter_href", "PULP_EXPORTER_HREF"),
        ("{file_file_remote_href}", "file_file_remote_href", "PULP_FILE_REMOTE_HREF"),
        ("{upstream_pulp_href}", "upstream_pulp_href", "PULP_UPSTREAM_PULP_HREF"), ("/points/{x}", "x", "PULP_POINT_X"),
    ])
    func acronymsAndRepeatedWordsAreSaidOnce(path: String, parameter: String, variable: String) {
        #expect(SampleVariable.name(prefix: "PULP", place: "path", parameter: parameter, path: path) == variable)
    }

    @Test(arguments: [
        ("flows", "flow"), ("flow_runs", "flow_run"), ("categories", "category"), ("statuses", "status"),
        ("boxes", "box"), ("addresses", "address"), ("status", "status"), ("graph", "graph"), ("v2", "v2"),
        ("localfiles", "localfile"), ("gcs", "gcs"), ("export_gcs", "export_gcs"), ("ips", "ips"),
        ("aliases", "alias"), ("asset_aliases", "asset_alias"), ("databases", "database"),
    ])
    func aSegmentIsMadeSingular(plural: String, singular: String) {
        #expect(SampleVariable.singular(plural) == singular)
    }

    /// A query parameter named `token` (a download token) reads a variable of its own, named
    /// after the operation's resource, never the auth policy's `$SHOP_TOKEN`: live would send the
    /// session's token in the URL. Named as a credential, it is secret.
    @Test func aSampleVariableIsNeverTheAuthPolicys() throws {
        let fixture = try ImportFixture(
            paths: """
                "/artifact_versions/{id}/data": {"get": {"operationId": "download", "security": [],
                  "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                                 {"name": "token", "in": "query", "required": true, "schema": {"type": "string"}}],
                  "responses": {"204": {"description": "ok"}}}},
                "/me": {"get": {"operationId": "me", "responses": {"204": {"description": "ok"}}}}
                """,
            securitySchemes: #""bearer": {"type": "http", "scheme": "bearer"}"#, extra: #""security": [{"bearer": []}]"#)
        #expect(fixture.declaration.contains(#"auth: .preIssued(variable: "SHOP_TOKEN", placement: .bearer),"#), "\(fixture.declaration)")
        let group = fixture.group("DefaultEndpoints")
        #expect(
            group.contains(
                #".query("token", .string, required: true, sample: .environment("SHOP_ARTIFACT_VERSION_TOKEN", fallback: nil)),"#),
            "\(group)")
        #expect(
            fixture.notes.contains(
                "set: #/paths/~1artifact_versions~1{id}~1data/get/parameters/1: the query parameter 'token' reads $SHOP_ARTIFACT_VERSION_TOKEN, not $SHOP_TOKEN, which holds the auth policy's credential"
            ), "\(fixture.notes)")
        #expect(fixture.declaration.contains(#"secretFields: ["token"],"#), "\(fixture.declaration)")
    }
}
