@testable import APICheck
import Foundation
import Testing

/// A union's branches are paired by name, and a component the package's own `apicheck openapi`
/// writes under its Swift type's name (Pydantic's generic `BulkCreateAction_PoolBody_` becomes
/// `BulkCreateActionPoolBody`) is the same branch: Airflow's exported document checked against
/// its own import listed every bulk action removed, breaking, and added again.
@Suite struct RenamedBranchComparisonTests {
    static let bulk = #"""
        {"openapi": "3.1.0", "info": {"title": "Pools", "version": "1"},
         "paths": {"/pools": {"patch": {"operationId": "bulkPools",
             "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/BulkBody"}}}},
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}},
         "components": {"schemas": {
          "BulkBody": {"type": "object", "required": ["actions"], "properties": {"actions": {"type": "array", "items": {"oneOf": [
             {"$ref": "#/components/schemas/BulkCreateAction_PoolBody_"},
             {"$ref": "#/components/schemas/BulkDeleteAction_PoolBody_"}]}}}},
          "BulkCreateAction_PoolBody_": {"type": "object", "required": ["action"], "properties": {"action": {"type": "string"}}},
          "BulkDeleteAction_PoolBody_": {"type": "object", "required": ["names"],
             "properties": {"names": {"type": "array", "items": {"type": "string"}}}}}}}
        """#

    @Test func aBranchUnderItsTypesNameIsTheSameBranch() throws {
        let renamed = Self.bulk.replacingOccurrences(of: "Action_PoolBody_", with: "ActionPoolBody")
        let found = try OpenAPIComparisonTests.changes(Self.bulk, renamed)
        #expect(found.isEmpty, "\(found.map(\.description))")
    }

    @Test func aBranchRemovedIsStillOne() throws {
        let removed = Self.bulk.replacingOccurrences(
            of: ##"{"$ref": "#/components/schemas/BulkDeleteAction_PoolBody_"}"##, with: #"{"type": "string"}"#)
        let found = try OpenAPIComparisonTests.changes(Self.bulk, removed)
        #expect(
            found.map(\.description).contains { $0.hasPrefix("breaking branch-removed") && $0.contains("BulkDeleteAction_PoolBody_") },
            "\(found.map(\.description))")
    }
}
