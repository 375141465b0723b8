@testable import APICheck
import Foundation
import Testing

/// Operations into endpoint declarations and their mocks.
@Suite struct EndpointWriterTests {
    static let pets = """
        "/pets/{petId}": {
          "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
          "get": {"operationId": "showPet", "tags": ["pets"],
                  "parameters": [{"name": "fields", "in": "query", "explode": false, "schema": {"type": "array", "items": {"type": "string"}}, "example": ["a", "b"]},
                                 {"name": "verbose", "in": "query", "required": true, "schema": {"type": "boolean", "default": false}},
                                 {"name": "X-Trace", "in": "header", "schema": {"type": "string"}},
                                 {"name": "sid", "in": "cookie", "schema": {"type": "string"}}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {
                      "schema": {"type": "object", "properties": {"id": {"type": "integer"}}}, "example": {"id": 3}}}}}},
          "delete": {"tags": ["pets"], "responses": {"204": {"description": "gone"}}},
          "put": {"operationId": "replacePet", "tags": ["pets"],
                  "requestBody": {"content": {"application/json": {"schema": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}}}},
                  "responses": {"201": {"description": "made", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}}
        },
        "/upload": {"post": {"operationId": "upload", "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object"}}}},
                             "responses": {"200": {"description": "ok", "content": {"text/plain": {"schema": {"type": "string"}}}}}}}
        """

    @Test func anOptionalParameterIsNotSentOnTheGuessOfItsFirstEnumValue() throws {
        let fixture = try ImportFixture(
            paths: """
                "/licenses": {"get": {"operationId": "licenses",
                  "parameters": [{"name": "format", "in": "query", "schema": {"type": "string", "enum": ["csv", "json"]}},
                                 {"name": "sort", "in": "query", "schema": {"type": "string", "enum": ["name", "id"], "default": "id"}},
                                 {"name": "kind", "in": "query", "required": true, "schema": {"type": "string", "enum": ["all", "some"]}},
                                 {"name": "tags", "in": "query", "schema": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}},
                                 {"name": "level", "in": "query", "schema": {"anyOf": [{"type": "integer", "enum": [1, 2]}, {"type": "integer", "enum": [3]}]}},
                                 {"name": "mode", "in": "query", "schema": {"anyOf": [{"type": "string", "enum": ["x"]}, {"type": "string"}]}}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        // The values a parameter takes are declared: serve and proxy find any other.
        #expect(group.contains(#".query("format", .string).allowing(["csv", "json"]),"#), "\(group)")
        // An optional parameter's default is what the server does without it: not sent, so that
        // a document whose default is not the server's (Nautobot's `depth`) shows in the answer.
        #expect(group.contains(#".query("sort", .string).allowing(["name", "id"]),"#), "\(group)")
        #expect(group.contains(#".query("kind", .string, required: true, sample: .literal("all")).allowing(["all", "some"]),"#))
        #expect(group.contains(#".queryList("tags", .string, .repeated).allowing(["a", "b"]),"#), "\(group)")
        #expect(group.contains(#".query("level", .int).allowing(["1", "2", "3"]),"#), "\(group)")
        // A branch that takes any string leaves the parameter open.
        #expect(group.contains(#".query("mode", .string),"#), "\(group)")
    }

    /// An array in a path or a header (`simple` style: comma-joined) is a list parameter; one in
    /// another style, or in a cookie, is still one `String`, noted.
    @Test func anArrayInAPathOrAHeaderIsAList() throws {
        let fixture = try ImportFixture(
            paths: """
                "/items/{ids}": {"get": {"operationId": "someItems",
                  "parameters": [{"name": "ids", "in": "path", "required": true, "schema": {"type": "array", "items": {"type": "integer"}}, "example": [3, 4]},
                                 {"name": "X-Tags", "in": "header", "explode": true, "schema": {"type": "array", "items": {"type": "string"}}},
                                 {"name": "X-Marks", "in": "header", "style": "label", "schema": {"type": "array", "items": {"type": "string"}}},
                                 {"name": "seen", "in": "cookie", "schema": {"type": "array", "items": {"type": "integer"}}}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#".pathList("ids", .int, sample: .environment("SHOP_ITEM_IDS", fallback: [3, 4])),"#), "\(group)")
        #expect(group.contains(#".headerList("X-Tags", .string),"#), "\(group)")
        #expect(group.contains(#".header("X-Marks", .string),"#), "\(group)")
        #expect(group.contains(#".cookie("seen", .string),"#), "\(group)")
        #expect(fixture.notes.contains { $0.hasSuffix("a list in the header ('X-Marks') is not mapped: declared as one String") })
        #expect(fixture.notes.contains { $0.hasSuffix("a list in the cookie ('seen') is not mapped: declared as one String") })
    }

    @Test func anOperationIsAnEndpointInItsTagsGroup() throws {
        let fixture = try ImportFixture(paths: Self.pets)
        let group = fixture.group("PetsEndpoints")
        #expect(
            group.contains("extension Shop {\n    /// The operations tagged \"pets\".\n    public struct PetsEndpoints: EndpointGroup {"))
        #expect(
            group.contains(
                """
                        public let showPet = Endpoint<ShowPetResponse>(
                            id: "showPet", .get, "pets/{petId}",
                            parameters: [
                                .path("petId", .int64, sample: .environment("SHOP_PET_ID", fallback: nil)),
                                .queryList("fields", .string, .commaSeparated, sample: .literal(["a", "b"])),
                                .query("verbose", .bool, required: true, sample: .literal(false)),
                                .header("X-Trace", .string),
                                .cookie("sid", .string),
                            ],
                            mock: "showPet").ordered(after: "replacePet")
                """))
        #expect(fixture.type("ShowPetResponse").contains("public var id: Int?"))
        #expect(fixture.file("mocks/showPet.json") == "{\n  \"id\": 3\n}\n")
        #expect(
            fixture.notes.contains {
                $0.hasPrefix(
                    "set: #/paths/~1pets~1{petId}/parameters/0: no example for the path parameter 'petId' of showPet, replacePet, delete.pets.petId:"
                )
            })
        #expect(!fixture.notes.contains { $0.contains("parameters/3") }, "\(fixture.notes)")
    }

    @Test func statusesBodiesAndIdsWithoutOperationId() throws {
        let fixture = try ImportFixture(paths: Self.pets)
        let group = fixture.group("PetsEndpoints")
        #expect(
            group.contains(
                """
                        public let deletePetsPetId = Endpoint<NoContent>(
                            id: "delete.pets.petId", .delete, "pets/{petId}",
                """))
        #expect(group.contains(#"mock: "delete.pets.petId", successStatus: 204).ordered(after: "showPet", "replacePet")"#), "\(group)")
        #expect(fixture.file("mocks/delete.pets.petId.json") == "")
        #expect(group.contains("public let replacePet = Endpoint<[String]>("))
        #expect(
            group.contains(
                ##"successStatus: 201, body: .json(ReplacePetBody.self, sample: try? JSONDecoder().decode(ReplacePetBody.self, from: Data(#"{"name":"string"}"#.utf8)), replacing: [.input("name", .string, sample: .unique(prefix: "apicheck-"))]).madeUp().optional())"##
            ))
        #expect(fixture.type("ReplacePetBody").contains("public var name: String\n"))
        #expect(fixture.file("mocks/replacePet.json") == "[\n  \"string\"\n]\n")
        #expect(
            fixture.notes.contains(
                "made up: #/paths/~1pets~1{petId}/put/responses/201/content/application~1json: no example: mocks/replacePet.json is made from the schema"
            ))
    }

    @Test func whatIsNotJSONIsDeclaredAsBytes() throws {
        let fixture = try ImportFixture(paths: Self.pets)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains("public let upload = Endpoint<BinaryBody>("), "\(group)")
        #expect(group.contains(#".header("Accept", sample: .literal("text/plain"))"#), "\(group)")
        #expect(fixture.file("mocks/upload.json") == "")
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1upload/post/responses/200/content: a success answer that is bytes, not JSON (text/plain): "
                    + "declared BinaryBody, judged by its status and media type and never parsed"
            ), "\(fixture.notes)")
    }

    /// FastAPI writes an optional parameter as `anyOf: [{type: X}, {type: null}]` (Prefect's
    /// document has them): it was declared `String` with an "object or of several types" note,
    /// even a boolean. A union whose non-null branches are one scalar type is that type now, and
    /// one whose non-null branches are lists of one (`Optional[List[str]]`) an optional list.
    @Test func aUnionOfOneScalarTypeAndNullIsThatType() throws {
        let fixture = try ImportFixture(
            paths: """
                "/limits/{id_or_name}": {"get": {"operationId": "readLimit", "parameters": [
                    {"name": "id_or_name", "in": "path", "required": true,
                     "schema": {"anyOf": [{"type": "string", "format": "uuid"}, {"type": "string"}]}},
                    {"name": "x-ui", "in": "header", "schema": {"anyOf": [{"type": "boolean"}, {"type": "null"}], "default": false}},
                    {"name": "version", "in": "query", "schema": {"anyOf": [{"type": "string"}, {"type": "null"}]}},
                    {"name": "limit", "in": "query", "schema": {"oneOf": [{"type": "integer"}, {"type": "null"}], "example": 5}},
                    {"name": "either", "in": "query", "schema": {"anyOf": [{"type": "integer"}, {"type": "string"}]}},
                    {"name": "fields", "in": "query", "schema": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]}},
                    {"name": "values", "in": "query", "schema": {"anyOf": [{"type": "array", "items": {}}, {"type": "null"}]}}],
                  "responses": {"204": {"description": "ok"}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(group.contains(#".path("id_or_name", .string, sample: .environment("SHOP_LIMIT_ID_OR_NAME", fallback: nil)),"#))
        #expect(group.contains(#".header("x-ui", .bool),"#), "\(group)")
        #expect(group.contains(#".query("version", .string),"#))
        #expect(group.contains(#".query("limit", .int, sample: .literal(5)),"#))
        #expect(group.contains(#".query("either", .string),"#))
        #expect(group.contains(#".queryList("fields", .string, .repeated),"#), "\(group)")
        #expect(group.contains(#".queryList("values", .string, .repeated)"#))
        let loose = fixture.notes.filter { $0.contains("an object or of several types") }
        #expect(
            loose == [
                "not mapped: #/paths/~1limits~1{id_or_name}/get/parameters/4: parameter 'either' is an object or of several types: declared String"
            ])
    }

    @Test func theAnswersBesideTheSuccessAreListedNotDropped() throws {
        let fixture = try ImportFixture(
            paths: """
                "/a": {"get": {"operationId": "a", "callbacks": {}, "responses": {
                    "200": {"description": "ok", "headers": {"X-Rate": {"schema": {"type": "integer"}}}},
                    "302": {"description": "moved"}, "404": {"description": "none"},
                    "default": {"description": "error", "content": {"text/html": {}}}}}}
                """)
        // A redirect is a success of its own (`live` takes it as the answer), no longer listed.
        #expect(fixture.group("DefaultEndpoints").contains(".alsoSucceeding(with: 302)"))
        #expect(!fixture.notes.contains { $0.contains("answers 302 are not declared") })
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1a/get/responses/404: an error answer without content: no mock of it (a mock is JSON)"))
        #expect(
            fixture.notes.contains(
                "not mapped: #/paths/~1a/get/responses/default/content: an error answer that is not JSON (text/html): no mock of it"))
        #expect(fixture.notes.contains("not mapped: #/paths/~1a/get/responses/200/headers: the answer's headers are not mapped"))
        #expect(fixture.notes.contains("not mapped: #/paths/~1a/get/callbacks: an operation's callbacks are not mapped"))
    }

    @Test func aFormBodyIsTheCoresFormBodyOfItsType() throws {
        let fixture = try ImportFixture(
            paths: """
                "/login": {"post": {"operationId": "login", "security": [],
                    "requestBody": {"content": {"application/x-www-form-urlencoded": {
                        "schema": {"type": "object", "required": ["user"], "properties": {"user": {"type": "string"}, "scopes": {"type": "array", "items": {"type": "string"}}}},
                        "example": {"user": "ann", "scopes": ["read", "write"]}}}},
                    "responses": {"204": {"description": "in"}}}},
                "/avatar": {"put": {"operationId": "avatar", "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object"}}}},
                    "responses": {"204": {"description": "set"}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(
            group.contains(
                ##"body: .form(LoginBody.self, sample: try? JSONDecoder().decode(LoginBody.self, from: Data(#"{"user":"ann","scopes":["read","write"]}"#.utf8))).optional())"##
            ))
        #expect(fixture.type("LoginBody").contains("public var scopes: [String]?"))
        #expect(!fixture.notes.contains { $0.contains("~1login/post/requestBody") })
        // A multipart body without fields is a map of them.
        #expect(group.contains(#"body: .multipart([String: JSONValue].self, sample:"#), "\(group)")
        #expect(!fixture.notes.contains { $0.contains("~1avatar") })
    }

    /// A file sent as the body is a binary body in its media type: a binary string, or no schema;
    /// a wildcard type is sent as application/octet-stream, noted; text is not a file.
    @Test func aFileSentAsTheBodyIsABinaryBody() throws {
        let fixture = try ImportFixture(
            paths: """
                "/a": {"put": {"operationId": "putImage", "requestBody": {"content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}},
                    "responses": {"204": {"description": "ok"}}}},
                "/b": {"put": {"operationId": "putBlob", "requestBody": {"content": {"application/octet-stream": {"example": "\\u0001\\"raw"}}},
                    "responses": {"204": {"description": "ok"}}}},
                "/c": {"put": {"operationId": "putAny", "requestBody": {"content": {"image/*": {}}}, "responses": {"204": {"description": "ok"}}}},
                "/d": {"put": {"operationId": "putText", "requestBody": {"content": {"text/plain": {}}},
                    "responses": {"204": {"description": "ok"}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        #expect(
            group.contains(#"body: .binary(contentType: "image/png", sample: FilePart(content: Data("hello".utf8))).optional())"#))
        #expect(
            group.contains(
                #"body: .binary(contentType: "application/octet-stream", sample: FilePart(content: Data("\u{1}\"raw".utf8))).optional())"#))
        #expect(
            group.contains(
                #"body: .binary(contentType: "application/octet-stream", sample: FilePart(content: Data("hello".utf8))).optional())"#))
        #expect(
            fixture.notes.contains { $0.contains("~1c/put/requestBody/content/image~1*: the media type image/* is no one type") },
            "\(fixture.notes)")
        #expect(fixture.notes.contains { $0.contains("~1d/put/requestBody: a request body that is neither JSON") })
    }

    /// A multipart body's binary strings are files, with samples `FilePart` reads: the example's
    /// text as content, the media type its `encoding` gives; a component it refers to is declared
    /// again under the body's name, so that a JSON body using the component keeps its strings.
    @Test func aMultipartBodysBinaryStringsAreFileParts() throws {
        let fixture = try ImportFixture(
            schemas: """
                "Raw": {"type": "string", "format": "binary"},
                "Photo": {"type": "object", "required": ["image"], "properties": {
                    "caption": {"type": "string"}, "image": {"type": "string", "format": "binary"}}}
                """,
            paths: """
                "/photos": {"post": {"operationId": "addPhoto", "requestBody": {"content": {"multipart/form-data": {
                        "schema": {"$ref": "#/components/schemas/Photo"},
                        "encoding": {"image": {"contentType": "image/png, image/jpeg", "headers": {"X-Rate": {"schema": {"type": "integer"}}}}},
                        "example": {"caption": "lake", "image": "PNG"}}}},
                    "responses": {"204": {"description": "stored"}}},
                    "put": {"operationId": "describePhoto", "requestBody": {"content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Photo"}}}},
                    "responses": {"204": {"description": "stored"}}}},
                "/scans": {"post": {"operationId": "addScan", "requestBody": {"content": {"multipart/form-data": {
                        "schema": {"allOf": [{"$ref": "#/components/schemas/Photo"},
                                             {"type": "object", "properties": {"back": {"$ref": "#/components/schemas/Raw"}}}]}}}},
                    "responses": {"204": {"description": "stored"}}}},
                "/albums": {"post": {"operationId": "addAlbum", "requestBody": {"content": {"multipart/form-data": {
                        "schema": {"type": "object", "required": ["pages"], "properties": {
                            "pages": {"type": "array", "items": {"type": "string", "format": "binary"}},
                            "cover": {"type": "string", "contentMediaType": "image/png"}}}}}},
                    "responses": {"204": {"description": "stored"}}}}
                """)
        let group = fixture.group("DefaultEndpoints")
        let photo = ##"{"caption":"lake","image":{"filename":"image.bin","contentType":"image/png","base64":"UE5H"}}"##
        #expect(
            group.contains(
                "body: .multipart(AddPhotoBody.self, sample: try? JSONDecoder().decode(AddPhotoBody.self, from: Data(#\"\(photo)\"#.utf8))"),
            "\(group)")
        #expect(fixture.type("AddPhotoBody").contains("public var image: FilePart"))
        #expect(
            fixture.notes.contains {
                $0.hasSuffix(
                    "~1photos/post/requestBody/content/multipart~1form-data/encoding/image: the part's headers are not mapped: it goes as the core sends a part"
                )
            }, "\(fixture.notes)")
        #expect(fixture.type("Photo").contains("public var image: String"))
        #expect(group.contains("body: .json(Photo.self"))
        // Files a body's allOf brings, or a reference to a binary string, are files too.
        let scan = fixture.type("AddScanBody")
        #expect(scan.contains("public var image: FilePart"), "\(scan)")
        #expect(scan.contains("public var back: FilePart?"), "\(scan)")
        #expect(group.contains(#""back":{"filename":"back.bin""#), "\(group)")
        let album = fixture.type("AddAlbumBody")
        #expect(album.contains("public var pages: [FilePart]"), "\(album)")
        #expect(album.contains("public var cover: FilePart?"))
        #expect(
            group.contains(#"{"pages":[{"filename":"pages.bin","contentType":"application/octet-stream","base64":"aGVsbG8="}]"#), "\(group)"
        )
    }
}
