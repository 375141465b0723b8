@testable import APICheck
import Foundation
import Testing

/// What real documents leave out, and what the package makes of it: it must still pass its own
/// `mocks`, and every guess is noted.
@Suite struct DocumentGapsTests {
    /// A placeholder of the path that no parameter names is declared as a text path parameter,
    /// its sample read from a variable: the package's own checks would otherwise refuse it.
    @Test func aPlaceholderWithoutItsParameterIsDeclaredAsText() throws {
        let fixture = try ImportFixture(
            paths: """
                "/anything/{anything}": {"get": {"operationId": "anything",
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
                "/etag/{etag}/{part}": {"get": {"operationId": "etag",
                  "parameters": [{"name": "part", "in": "path", "required": true, "schema": {"type": "integer"}, "example": 2}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#".path("anything", .string, sample: .environment("SHOP_ANYTHING", fallback: nil))"#), "\(group)")
        #expect(group.contains(#".path("part", .int, sample: .environment("SHOP_ETAG_PART", fallback: 2))"#), "\(group)")
        #expect(group.contains(#".path("etag", .string, sample: .environment("#), "\(group)")
        #expect(!group.contains(#".path("part", .string"#), "\(group)")
        #expect(
            fixture.notes.contains {
                $0.hasSuffix("the path's {anything} has no parameter in the document: declared a String path parameter")
            })
        #expect(
            fixture.notes.contains { $0.hasSuffix("the path's {etag} has no parameter in the document: declared a String path parameter") })
        #expect(EndpointWriter.placeholders(in: "/a/{x}/b/{y}.json/{x}") == ["x", "y"])
    }

    /// A path parameter the path has no placeholder for (Superset's `user_id` on
    /// `/log/recent_activity/`) cannot be sent: it is left out and noted, with no variable to set,
    /// so that the package passes its own `mocks`.
    @Test func aPathParameterWithoutItsPlaceholderIsLeftOut() throws {
        let fixture = try ImportFixture(
            paths: """
                "/log/recent_activity/": {"get": {"operationId": "recentActivity",
                  "parameters": [{"name": "user_id", "in": "path", "required": true, "schema": {"type": "integer"}},
                                 {"name": "page", "in": "query", "schema": {"type": "integer"}}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(!group.contains("user_id"), "\(group)")
        #expect(group.contains(#".query("page", .int)"#), "\(group)")
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1log~1recent_activity~1/get/parameters/0: path parameter 'user_id' has no placeholder in the path: not declared"
            ), "\(fixture.notes)")
        #expect(!fixture.notes.contains { $0.hasPrefix("set:") && $0.contains("user_id") }, "\(fixture.notes)")
    }

    /// A parameter or an error answer's schema that is a reference to another file is there, only
    /// out of reach: the notes say so rather than that the document has no parameter, or that
    /// the error answers lack a code and a message.
    @Test func whatAReferenceDoesNotReachIsSaidToBeUnreachable() throws {
        let fixture = try ImportFixture(
            paths: """
                "/items/{itemId}": {"get": {"operationId": "item",
                  "parameters": [{"$ref": "other.yaml#/parameters/itemId"}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}},
                                "400": {"description": "bad", "content": {"application/json": {"schema": {"$ref": "other.yaml#/Error"}}}}}}}
                """)
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1items~1{itemId}/get: the path's {itemId} has no parameter the import can reach (a parameter's reference leads nowhere): declared a String path parameter"
            ), "\(fixture.notes)")
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1items~1{itemId}/get/responses/400/content/application~1json: an error answer's schema cannot be reached (its reference leads nowhere), so no code and message fields are known: no error shape is declared, and their examples are not written as mocks"
            ), "\(fixture.notes)")
    }

    /// A parameter whose schema gives no scalar type says which way it does not.
    @Test func anUntypedParameterSaysWhy() throws {
        let fixture = try ImportFixture(
            paths: """
                "/bytes": {"get": {"operationId": "bytes",
                  "parameters": [{"name": "n", "in": "query", "schema": {"type": "int"}},
                                 {"name": "codes", "in": "query", "schema": {}},
                                 {"name": "either", "in": "query", "schema": {"oneOf": [{"type": "integer"}, {"type": "string"}]}}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}
                """)
        let notes = fixture.notes.filter { $0.hasSuffix(": declared String") }
        #expect(notes.contains { $0.hasSuffix("parameter 'n' has type 'int', not a JSON Schema type: declared String") }, "\(notes)")
        #expect(notes.contains { $0.hasSuffix("parameter 'codes' has no type: declared String") }, "\(notes)")
        #expect(notes.contains { $0.hasSuffix("parameter 'either' is an object or of several types: declared String") }, "\(notes)")
    }

    /// A note about a Swagger 2.0 form field points at that field's parameter, whichever it is.
    @Test func aFormFieldsNotePointsAtItsOwnParameter() throws {
        let text = #"""
            {"swagger": "2.0", "info": {"title": "Bin", "version": "1"}, "host": "bin.example",
             "paths": {"/redirect-to": {"put": {"operationId": "redirectTo", "consumes": ["application/x-www-form-urlencoded"],
               "parameters": [{"name": "url", "in": "formData", "type": "string", "required": true},
                              {"name": "status_code", "in": "formData", "type": "int"}],
               "responses": {"200": {"description": "ok", "schema": {"type": "object"}}}}}}}
            """#
        let result = try OpenAPIImport(settings: ImportFixture.settings).run(try OpenAPIImport.parse(Data(text.utf8)))
        let notes = ImportFixture(result: result).notes.filter { $0.contains("'int'") }
        #expect(notes.count == 1, "\(notes)")
        #expect(notes.first?.contains("#/paths/~1redirect-to/put/parameters/1") == true, "\(notes)")
        #expect(notes.first?.contains("content") == false, "\(notes)")
    }

    /// A request body without an example is sent as one made from its schema, said as a mock
    /// made up is: a server that checks a value refuses what the schema alone allowed.
    @Test func aBodyMadeFromItsSchemaIsNoted() throws {
        let fixture = try ImportFixture(
            paths: """
                "/redirect-to": {"post": {"operationId": "redirectTo",
                  "requestBody": {"content": {"application/json": {"schema": {"type": "object", "required": ["url"],
                                                                              "properties": {"url": {"type": "string"}}}}}},
                  "responses": {"204": {"description": "moved"}}}}
                """)
        #expect(
            fixture.notes.contains {
                $0.hasSuffix(
                    "~1redirect-to/post/requestBody/content/application~1json: no example: the body live sends is made from the schema; "
                        + "a server that refuses it (a value that must exist) fails the endpoint: "
                        + "give the body an example in the document or a sample in the declaration")
            }, "\(fixture.notes)")
    }

    /// A read whose answer has no content is a document that left the answer out (pygeoapi's
    /// `/openapi` and `/jobs`), or one that answers nothing as documented (Pulp's `livez`):
    /// declared `JSONValue`, any JSON, accepting an empty body too, and bytes in a type that is
    /// not JSON (a download the document left undescribed: Mayan EDMS's document files), its mock
    /// `{}` made up, and noted; a write's stays `NoContent`.
    @Test func aReadWithoutAnAnswersContentIsNoted() throws {
        let fixture = try ImportFixture(
            paths: """
                "/ip": {"get": {"operationId": "ip", "responses": {"200": {"description": "the caller's address"}}},
                        "delete": {"operationId": "forget", "responses": {"200": {"description": "gone"}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains("ip = Endpoint<JSONValue>("), "\(group)")
        #expect(group.contains(#"mock: "ip").acceptingEmptyBody().acceptingBytes()"#), "\(group)")
        #expect(group.contains("forget = Endpoint<NoContent>("), "\(group)")
        #expect(group.components(separatedBy: ".acceptingEmptyBody()").count == 2, "\(group)")
        #expect(group.components(separatedBy: ".acceptingBytes()").count == 2, "\(group)")
        #expect(fixture.file("mocks/ip.json") == "{}\n")
        #expect(fixture.file("mocks/.made-up")?.contains("ip.json") == true)
        let notes = fixture.notes.filter { $0.contains("has no content") }
        #expect(notes.count == 1, "\(fixture.notes)")
        #expect(notes.first?.contains("~1ip/get/responses/200") == true, "\(notes)")
    }

    /// A websocket route's only answer is its handshake's 101 (FastAPI's `WebSocket` routes: the
    /// LiteLLM proxy's `/v1/realtime`): the success it declares, with no body, whatever the
    /// method, so that `apicheck openapi` writes the 101 back, not a 200 the route never answers.
    @Test func aWebsocketRoutesSwitchingProtocolsIsItsSuccess() throws {
        let fixture = try ImportFixture(
            paths: """
                "/v1/realtime": {"get": {"operationId": "realtime", "responses": {"101": {"description": "WebSocket Protocol Switched"}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains("realtime = Endpoint<NoContent>("), "\(group)")
        #expect(group.contains(#"mock: "realtime", successStatus: 101)"#), "\(group)")
        #expect(!group.contains(".acceptingEmptyBody()"), "\(group)")
        #expect(!fixture.notes.contains { $0.contains("no success answer") || $0.contains("has no content") }, "\(fixture.notes)")
    }

    /// In Swagger 2.0 no schema is no body, but an operation that produces only images or pages
    /// answers one: it is an answer of bytes (`BinaryBody`, noted), not an empty one.
    @Test func aSwaggerAnswerWithoutSchemaThatProducesNoJSONIsBytes() throws {
        let text = #"""
            {"swagger": "2.0", "info": {"title": "Bin", "version": "1"}, "host": "bin.example", "produces": ["application/json"],
             "paths": {
               "/image/png": {"get": {"operationId": "png", "produces": ["image/png"],
                                      "responses": {"200": {"description": "a PNG"}, "406": {"description": "no PNG"}}}},
               "/redirect/{n}": {"get": {"operationId": "redirect", "parameters": [{"name": "n", "in": "path", "type": "integer"}],
                                         "responses": {"302": {"description": "elsewhere"}}}},
               "/get": {"get": {"operationId": "get", "responses": {"200": {"description": "the request"}}}}
             }}
            """#
        let result = try OpenAPIImport(settings: ImportFixture.settings).run(try OpenAPIImport.parse(Data(text.utf8)))
        let fixture = ImportFixture(result: result)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains("public let png = Endpoint<BinaryBody>("), "\(group)")
        #expect(group.contains(#".header("Accept", sample: .literal("image/png"))"#), "\(group)")
        #expect(group.contains("id: \"get\""), "\(group)")
        #expect(
            fixture.notes.contains { $0.contains("a success answer that is bytes, not JSON (image/png): declared BinaryBody") },
            "\(fixture.notes)")
        #expect(fixture.notes.contains { $0.contains("a read whose answer has no content") }, "\(fixture.notes)")
        // A read with no success answer at all is said once.
        #expect(fixture.notes.filter { $0.contains("~1redirect~1{n}/get/responses:") }.count == 1, "\(fixture.notes)")
    }

    /// The import declares no paging; list operations with paging-like query parameters get one
    /// note for the whole document, not one each. `page` with `size` is FastAPI's and ZenML's.
    @Test func listOperationsThatLookPagedAreNotedOnce() throws {
        let list = #"{"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}"#
        let fixture = try ImportFixture(
            paths: """
                "/dags": {"get": {"operationId": "dags", "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer"}},
                  {"name": "offset", "in": "query", "schema": {"type": "integer"}}], "responses": {"200": \(list)}}},
                "/users": {"parameters": [{"name": "per_page", "in": "query", "schema": {"type": "integer"}}],
                  "get": {"operationId": "users", "parameters": [{"name": "page", "in": "query", "schema": {"type": "integer"}}], "responses": {"200": \(list)}}},
                "/tags/all": {"get": {"operationId": "allTags", "parameters": [{"name": "page", "in": "query", "schema": {"type": "integer"}},
                  {"name": "size", "in": "query", "schema": {"type": "integer"}}], "responses": {"200": \(list)}}},
                "/events": {"get": {"operationId": "events", "parameters": [{"name": "cursor", "in": "query", "schema": {"type": "string"}}], "responses": {"200": \(list)}}},
                "/tags": {"get": {"operationId": "tags", "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer"}}], "responses": {"200": \(list)}}}
                """)
        let paging = fixture.notes.filter { $0.contains("paged") }
        #expect(
            paging == [
                "not mapped: #/paths: 4 list operations look paged (limit and offset, page and page_size, per_page or size, cursor, "
                    + "or a size and a token query parameters): the import declares no paging, as the document does not say where a page's "
                    + "ids are nor which page comes next; declare it by hand on those endpoints (`paging: .offset(ids:next:limit:)`, "
                    + "`.pageNumber`, `.token`, `.url`, `.link`; docs/live.md shows each) and live walks their pages"
            ], "\(fixture.notes)")
        #expect(!fixture.group("DefaultEndpoints").contains("paging:"))
    }

    /// A size and a token (`_limit` and `_token`, `page_size` and `page_token`) page a list too:
    /// where the answer declares its next page's header the note names the declaration to write,
    /// else one note names the parameters and the kinds that read them.
    @Test func listsPagedByATokenAreNotedWithTheirDeclaration() throws {
        let records =
            #"{"type": "object", "properties": {"data": {"type": "array", "items": {"type": "object", "additionalProperties": {}}}}}"#
        let userList =
            #"{"type": "object", "properties": {"users": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}}}}}}"#
        func list(_ schema: String, headers: String = "") -> String {
            #"{"description": "ok", \#(headers) "content": {"application/json": {"schema": \#(schema)}}}"#
        }
        func query(_ names: String...) -> String {
            names.map { #"{"name": "\#($0)", "in": "query", "schema": {"type": "string"}}"# }.joined(separator: ", ")
        }
        let fixture = try ImportFixture(
            paths: """
                "/records": {"get": {"operationId": "records", "parameters": [\(query("_limit", "_token", "_sort"))], "responses": {"200": \(list(records))}}},
                "/buckets": {"get": {"operationId": "buckets", "parameters": [\(query("_limit", "_token"))], "responses": {"200": \(list(records))}}},
                "/users": {"get": {"operationId": "users", "parameters": [\(query("page_size", "page_token"))],
                  "responses": {"200": \(list(userList, headers: #""headers": {"Next-Page": {"schema": {"type": "string"}}},"#))}}},
                "/tags": {"get": {"operationId": "tags", "parameters": [\(query("limit", "token"))],
                  "responses": {"200": \(list(#"{"type": "array", "items": {"type": "string"}}"#, headers: #""headers": {"Link": {"schema": {"type": "string"}}},"#))}}}
                """)
        let paging = fixture.notes.filter { $0.contains("paged") }
        #expect(paging.first?.hasPrefix("not mapped: #/paths: 4 list operations look paged") == true, "\(paging)")
        let users: String =
            "not mapped: #/paths/~1users/get/responses/200/headers/Next-Page: users looks paged by page_size and page_token, and its "
            + #"answer declares the next page's header: declare `paging: .url(ids: "$.users[*].id", from: .header("Next-Page"), "#
            + #"size: "page_size")` (ids: the JSONPath of its items' ids)"#
        let tags: String =
            "not mapped: #/paths/~1tags/get/responses/200/headers/Link: tags looks paged by limit and token, and its answer declares "
            + #"the next page's header: declare `paging: .link(ids: "$[*]", size: "limit")` (ids: the JSONPath of its items' ids)"#
        let undeclared: String =
            "not mapped: #/paths: records, buckets look paged by a size and a token (_limit and _token), and no answer declares where "
            + #"the next page is: declare `paging: .token(ids: …, from: .body(…) or .header(…), next: "_token", size: "_limit")` "#
            + #"where an answer gives the next token, `.url(ids: …, from: .header("Next-Page"), size: "_limit")` where a header "#
            + #"gives the next page's URL, or `.link(ids: …, size: "_limit")` for a `Link` header"#
        #expect(Array(paging.dropFirst()) == [users, tags, undeclared], "\(paging)")
        #expect(!fixture.group("DefaultEndpoints").contains("paging:"))
    }

    /// A list that takes `limit` and `offset` and answers with a `links` array of `rel` and `href`
    /// objects (OGC API, STAC) is told the declaration that follows its `rel: next` link.
    @Test func aListThatLinksItsNextPageInItsBodyIsToldTheBodyLinkDeclaration() throws {
        let query =
            #"[{"name": "limit", "in": "query", "schema": {"type": "integer"}}, {"name": "offset", "in": "query", "schema": {"type": "integer"}}]"#
        let fixture = try ImportFixture(
            schemas: """
                "Link": {"type": "object", "required": ["href", "rel"], "properties": {"href": {"type": "string"}, "rel": {"type": "string"}}},
                "Features": {"allOf": [{"type": "object", "properties": {"features": {"type": "array", "items": {"type": "object"}}}},
                  {"type": "object", "properties": {"links": {"type": "array", "items": {"$ref": "#/components/schemas/Link"}}}}]}
                """,
            paths: """
                "/collections/lakes/items": {"get": {"operationId": "lakes", "parameters": \(query),
                  "responses": {"200": {"description": "ok", "content": {"application/geo+json": {"schema": {"$ref": "#/components/schemas/Features"}}}}}}},
                "/dags": {"get": {"operationId": "dags", "parameters": \(query),
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}}}
                """)
        let paging = fixture.notes.filter { $0.contains("paged") }
        #expect(paging.count == 1, "\(fixture.notes)")
        #expect(
            paging.first?.hasSuffix(
                "live walks their pages; 1 of them answer with a `links` array of `rel` and `href` objects, whose `rel: next` link "
                    + #"`paging: .url(ids:from: .bodyLink(rel: "next", in: "$.links"), size: "limit")` follows"#) == true,
            "\(paging)")
    }
}
