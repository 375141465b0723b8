import APICheck
import Foundation
import TestSupport
import Testing

/// The report schema documents every finding kind, and documents nothing the code cannot produce.
@Test func reportSchemaListsExactlyTheFindingKinds() throws {
    let doc = RepositoryPaths.docs.appendingPathComponent("report-schema.md")
    let text = try String(contentsOf: doc, encoding: .utf8)
    let section =
        try #require(text.components(separatedBy: "## Finding kinds").dropFirst().first)
        .components(separatedBy: "\n## ").first ?? ""
    let documented = section.split(separator: "\n")
        .filter { $0.hasPrefix("| `") }
        .compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
    #expect(documented == FindingKind.allCases.map(\.rawValue))
}
