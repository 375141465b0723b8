@testable import APICheck
import Foundation

/// Small documents imported in the tests: a document made of the parts a test gives, the files it
/// becomes, and their notes.
struct ImportFixture {
    let result: OpenAPIImport.Result

    static let settings = OpenAPIImport.Settings(
        name: "shop", typeName: "Shop", moduleName: "ShopContracts",
        variablePrefix: "SHOP", baseURL: nil)

    /// `schemas`, `paths` and `securitySchemes` are JSON object bodies, `extra` top-level members;
    /// an operation is added when `paths` is empty (a document needs one).
    init(result: OpenAPIImport.Result) {
        self.result = result
    }

    init(schemas: String = "", paths: String = "", securitySchemes: String = "", extra: String = "") throws {
        let text = Self.text(schemas: schemas, paths: paths, securitySchemes: securitySchemes, extra: extra)
        result = try OpenAPIImport(settings: Self.settings).run(try OpenAPIImport.parse(Data(text.utf8)))
    }

    /// The document made of these parts.
    static func text(schemas: String = "", paths: String = "", securitySchemes: String = "", extra: String = "") -> String {
        let paths = paths.isEmpty ? #""/ping": {"get": {"operationId": "ping", "responses": {"204": {"description": "ok"}}}}"# : paths
        return """
            {"openapi": "3.1.0", "info": {"title": "Shop", "version": "1"},
             "servers": [{"url": "https://api.shop.example/v2"}],
             \(extra.isEmpty ? "" : extra + ",")
             "paths": {\(paths)},
             "components": {"schemas": {\(schemas)}, "securitySchemes": {\(securitySchemes)}}}
            """
    }

    func file(_ path: String) -> String? {
        result.files.first { $0.path == path }?.text
    }

    func type(_ name: String) -> String {
        file("Sources/ShopContracts/Types/\(name).swift") ?? "(no \(name).swift among \(result.files.map(\.path)))"
    }

    func group(_ name: String) -> String {
        file("Sources/ShopContracts/Endpoints/\(name).swift") ?? "(no \(name).swift among \(result.files.map(\.path)))"
    }

    var declaration: String { file("Sources/ShopContracts/Shop.swift") ?? "" }

    var notes: [String] { result.notes.map(\.description) }
}
