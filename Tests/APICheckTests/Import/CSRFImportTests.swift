@testable import APICheck
import Foundation
import Testing

/// The import declares where a document's CSRF token comes from and the header that carries it,
/// so that the writes of a Flask-WTF or Django server are not all refused for the token.
@Suite struct CSRFImportTests {
    static let bearer = #""jwt": {"type": "http", "scheme": "bearer"}"#

    /// Superset's: a read whose path names the CSRF token, answering it as `result`.
    @Test func aReadThatIssuesTheCSRFTokenIsItsSource() throws {
        let paths = ##"""
            "/security/csrf_token/": {"get": {"operationId": "csrf", "security": [{"jwt": []}], "responses": {"200": {"description": "ok",
              "content": {"application/json": {"schema": {"type": "object", "properties": {"result": {"type": "string"}}}}}}}}},
            "/charts": {"post": {"operationId": "createChart", "security": [{"jwt": []}], "responses": {"201": {"description": "ok"}}}}
            """##
        let fixture = try ImportFixture(paths: paths, securitySchemes: Self.bearer)
        #expect(
            fixture.declaration.contains(
                #".requiringCSRF(CSRFPolicy(.answer(endpoint: "csrf", at: "$.result"), header: "X-CSRFToken"))"#),
            "\(fixture.declaration)")
        #expect(fixture.notes.contains { $0.contains("writes send the CSRF token csrf answers at $.result, in X-CSRFToken") })
    }

    /// A header parameter named as the CSRF token is the policy's to send, never a made-up
    /// sample's; its name is the header the policy sends.
    @Test func aCSRFHeaderParameterNamesTheHeaderAndIsNotDeclared() throws {
        let paths = ##"""
            "/csrf-token": {"get": {"operationId": "csrf", "responses": {"200": {"description": "ok",
              "content": {"application/json": {"schema": {"type": "object", "properties": {"token": {"type": "string"}}}}}}}}},
            "/items": {"post": {"operationId": "createItem",
              "parameters": [{"name": "X-CSRF-Token", "in": "header", "required": true, "schema": {"type": "string"}}],
              "responses": {"201": {"description": "ok"}}}}
            """##
        let fixture = try ImportFixture(paths: paths)
        #expect(
            fixture.declaration.contains(
                #"AuthPolicy.noLogin.requiringCSRF(CSRFPolicy(.answer(endpoint: "csrf", at: "$.token"), header: "X-CSRF-Token"))"#),
            "\(fixture.declaration)")
        #expect(!fixture.group("DefaultEndpoints").contains("X-CSRF-Token"), "\(fixture.group("DefaultEndpoints"))")
    }

    /// Laravel's and Angular's convention without a read to call: the `XSRF-TOKEN` cookie.
    @Test func anXSRFHeaderAloneIsTheCookieItsFrameworkSets() throws {
        let paths = ##"""
            "/items": {"post": {"operationId": "createItem",
              "parameters": [{"name": "X-XSRF-TOKEN", "in": "header", "schema": {"type": "string"}}],
              "responses": {"201": {"description": "ok"}}}}
            """##
        let fixture = try ImportFixture(paths: paths)
        #expect(
            fixture.declaration.contains(#".requiringCSRF(CSRFPolicy(.cookie("XSRF-TOKEN", endpoint: nil), header: "X-XSRF-TOKEN"))"#),
            "\(fixture.declaration)")
    }

    @Test func aDocumentWithoutOneDeclaresNone() throws {
        let fixture = try ImportFixture(paths: "")
        #expect(!fixture.declaration.contains("requiringCSRF"))
    }
}
