@testable import APICheck
import Foundation
import Testing

/// A write body the import would make up from the schema that holds a credential is declared
/// without a sample: sent, the made-up `"string"` becomes a real password (Kinto's account update
/// set the run's own account's, and locked the run out). The document's example is sent as given.
@Suite struct MadeUpCredentialBodyTests {
    static let answer = #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}"#

    static func body(_ schema: String, example: String? = nil) -> String {
        #"{"content": {"application/json": {"schema": \#(schema)\#(example.map { #", "example": \#($0)"# } ?? "")}}}"#
    }

    @Test func aMadeUpCredentialIsNeverSent() throws {
        let account = #"{"type": "object", "properties": {"data": {"type": "object", "properties": {"password": {"type": "string"}}}}}"#
        let note = #"{"type": "object", "properties": {"title": {"type": "string"}}}"#
        let fixture = try ImportFixture(
            paths: """
                "/accounts/{id}": {"put": {"operationId": "updateAccount", "tags": ["a"], "responses": \(Self.answer),
                  "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                  "requestBody": \(Self.body(account))}},
                "/accounts": {"post": {"operationId": "createAccount", "tags": ["a"], "responses": \(Self.answer),
                  "requestBody": \(Self.body(account, example: #"{"data": {"password": "from-the-document"}}"#))}},
                "/notes": {"post": {"operationId": "createNote", "tags": ["a"], "responses": \(Self.answer),
                  "requestBody": \(Self.body(note))}}
                """)
        let group = fixture.group("AEndpoints")
        #expect(group.contains("body: .json(UpdateAccountBody.self).optional())"), "\(group)")
        #expect(group.contains(#"from-the-document"#), "\(group)")
        #expect(group.contains(#"body: .json(CreateNoteBody.self, sample: "#), "\(group)")
        #expect(
            fixture.notes.contains {
                $0.contains("updateAccount's body holds a credential ($.data.password) the document gives no example of")
            }, "\(fixture.notes)")
        #expect(fixture.notes.filter { $0.contains("holds a credential") }.count == 1, "\(fixture.notes)")
    }

    @Test(arguments: [
        (#"{"data": {"password": "s"}}"#, "$.data.password"), (#"{"keys": [{"API_Key": "k"}]}"#, "$.keys[*].API_Key"),
        (#"{"token": 5, "name": "n"}"#, nil), (#"{"password_hint": "h"}"#, nil),
        // Pulp's account update: a compound name is a credential too, by the secret fields' rule.
        (#"{"username": "string", "old_password": "string", "new_password": "string"}"#, "$.old_password"),
        (#"{"api_key_secret": "s"}"#, "$.api_key_secret"), (#"{"next_page_token": "t"}"#, nil),
    ])
    func aCredentialIsFoundByItsName(body: String, path: String?) throws {
        #expect(EndpointWriter.credentialPath(in: try JSONParser.parse(Data(body.utf8))) == path)
    }
}
