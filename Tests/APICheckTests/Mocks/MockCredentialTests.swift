import APICheck
import Contracts
import Foundation
import TestSupport
import Testing

/// A mock holding a string shaped as a JWT (a key a server minted, recorded before `record`
/// replaced such strings) is a `secret-in-mock` warning at its place; dotted text that only looks
/// alike is not.
@Suite struct MockCredentialTests {
    /// `{"alg":"HS256"}`.`{"sub":"k1"}`.signature
    static let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJrMSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ"

    func findings(replacing original: String, with replacement: String) throws -> [Finding] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-jwt-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: RepositoryPaths.mocks, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("topics.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(original))
        try text.replacingOccurrences(of: original, with: replacement).write(to: file, atomically: true, encoding: .utf8)
        return MockAudit(api: Demo.api, directory: folder).run().allFindings
    }

    @Test func aJWTInAMockIsAWarningAtItsPlace() throws {
        let found = try findings(replacing: #""author": "Yang""#, with: #""author": "key \#(Self.token)""#)
        #expect(!found.isEmpty && found.allSatisfy { $0.kind == .secretInMock && $0.severity == .warning }, "\(found.map(\.message))")
        #expect(found.first?.path == "$.datas[0].author" && found.first?.message.contains("shaped as a JWT") == true, "\(found)")
        #expect(found.first?.file?.hasSuffix("topics.json") == true)
        #expect(try findings(replacing: #""author": "Yang""#, with: #""author": "v1.2.3 and a.b.c""#).isEmpty)
    }
}
