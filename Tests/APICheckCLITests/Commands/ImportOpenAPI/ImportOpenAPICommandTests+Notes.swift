import Foundation
import TestSupport
import Testing

extension ImportOpenAPICommandTests {
    /// Arize Phoenix's document gave 474 notes, 311 of them one text per error answer: the notes
    /// of one kind that say the same at many places are one line on stderr, so the variables to
    /// set stand out, and the package lists each note with its own pointer and detail.
    @Test func notesSayingTheSameAtManyPlacesAreOneLineAndThePackageListsEach() async throws {
        let folder = try TemporaryFolder("import-notes")
        defer { folder.remove() }
        let answer = #"{"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}"#
        let refusal = #"{"description": "no", "content": {"text/plain": {"schema": {"type": "string"}}}}"#
        let operations = (1...5).map { n in
            #""/things\#(n)": {"get": {"operationId": "thing\#(n)", "responses": {"200": \#(answer), "403": \#(refusal)}}}"#
        }
        let paths = operations.joined(separator: ", ")
        let document = folder.appendingPathComponent("things.json")
        try
            #"{"openapi": "3.1.0", "info": {"title": "Things", "version": "1"}, "paths": {\#(paths), "/items/{id}": {"get": {"operationId": "item", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"204": {"description": "ok"}}}}}}"#
            .write(to: document, atomically: true, encoding: .utf8)
        let result = await run(
            [
                "import-openapi", document.path, "--output", "things", "--base-url", "https://things.example", "--dependency",
                "/opt/src/apicheck",
            ],
            in: folder)
        #expect(result.code == 0, "\(result.err)")
        let pointer = { (n: Int) in "#/paths/~1things\(n)/get/responses" }
        #expect(
            result.err.split(separator: "\n").map(String.init) == [
                "apicheck import-openapi: not mapped: 5 places (\(pointer(1))/403/content, \(pointer(2))/403/content, "
                    + "\(pointer(3))/403/content and 2 more, each in .apicheck-import.notes): an error answer that is not JSON (text/plain): no mock of it",
                "apicheck import-openapi: made up: 5 places (\(pointer(1))/200/content/application~1json, \(pointer(2))/200/content/application~1json, "
                    + "\(pointer(3))/200/content/application~1json and 2 more, each in .apicheck-import.notes): no example: the operation's mock is made from the schema",
                "apicheck import-openapi: set: #/paths/~1items~1{id}/get/parameters/0: no example for the path parameter 'id' of item: live reads it from $THINGS_ITEM_ID",
            ], "\(result.err)")
        #expect(result.out.contains("; 11 notes, in 3 lines on stderr and each in .apicheck-import.notes\n"), "\(result.out)")
        let kept = try String(contentsOf: folder.appendingPathComponent("things/.apicheck-import.notes"), encoding: .utf8)
        #expect(
            kept.contains("\nnot mapped: \(pointer(5))/403/content: an error answer that is not JSON (text/plain): no mock of it\n"),
            "\(kept)")
        #expect(
            kept.contains("\nmade up: \(pointer(5))/200/content/application~1json: no example: mocks/thing5.json is made from the schema\n")
        )
        #expect(kept.split(separator: "\n").count { !$0.hasPrefix("#") } == 11)
        let list = try String(contentsOf: folder.appendingPathComponent("things/.apicheck-import"), encoding: .utf8)
        #expect(list.contains("\n.apicheck-import.notes\t"))
    }
}
