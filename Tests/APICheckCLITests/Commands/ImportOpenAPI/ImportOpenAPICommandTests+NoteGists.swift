import Foundation
import TestSupport
import Testing

extension ImportOpenAPICommandTests {
    /// ZenML's document gave 529 lines on stderr, 255 of them one per made-up `@expired` mock, 41
    /// one per deprecated operation and a hundred one per filter parameter of several types, as
    /// each named its own file, operation or parameter: the few notes to act on were lost.
    @Test func deadTokenMocksDeprecationsAndUntypedParametersAreOneLineEach() async throws {
        let folder = try TemporaryFolder("import-note-gists")
        defer { folder.remove() }
        let answer = #"{"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}"#
        let dead =
            #"{"description": "no", "content": {"application/json": {"schema": {"type": "object", "properties": {"detail": {"type": "string"}}}}}}"#
        let filter = #"{"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}, {"type": "null"}]}"#
        let operations = (1...5).map { n in
            #""/things\#(n)": {"get": {"operationId": "thing\#(n)", "deprecated": true, "security": [{"bearer": []}], "#
                + #""parameters": [{"name": "f\#(n)", "in": "query", "schema": \#(filter)}], "responses": {"200": \#(answer), "401": \#(dead)}}}"#
        }
        let document = folder.appendingPathComponent("things.json")
        try
            (#"{"openapi": "3.1.0", "info": {"title": "Things", "version": "1"}, "paths": {"# + operations.joined(separator: ", ")
            + #"}, "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}}}"#)
            .write(to: document, atomically: true, encoding: .utf8)
        let result = await run(
            [
                "import-openapi", document.path, "--output", "things", "--base-url", "https://things.example", "--dependency",
                "/opt/src/apicheck",
            ],
            in: folder)
        #expect(result.code == 0, "\(result.err)")
        let lines = result.err.split(separator: "\n").map(String.init)
        for gist in [
            "an operation deprecated in the document: declared and checked like the others",
            "a parameter that is an object or of several types: declared String",
            "no example: the operation's dead-token answer (its @expired mock) is made from the schema",
        ] {
            #expect(lines.count { $0.contains(gist) } == 1, "\(result.err)")
            #expect(lines.contains { $0.contains(gist) && $0.contains(": 5 places (") }, "\(result.err)")
        }
        let kept = try String(contentsOf: folder.appendingPathComponent("things/.apicheck-import.notes"), encoding: .utf8)
        #expect(kept.contains("no example: mocks/thing5@expired.json is made from the schema"), "\(kept)")
        #expect(kept.contains("parameter 'f5' is an object or of several types: declared String"), "\(kept)")
    }
}
