@testable import APICheck
import Foundation
import Testing

/// An operation's summary and description are the declaration's (`summarized(_:)`,
/// `described(_:)`), so `apicheck openapi` gives them back, and writes none where there is none.
@Suite struct OperationSummaryTests {
    static let answer =
        #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "integer"}}}}}}"#

    @Test func theImportDeclaresTheSummaryAndTheDescription() throws {
        let fixture = try ImportFixture(
            paths: """
                "/pets": {"get": {"operationId": "listPets", "tags": ["pets"], "summary": "List all \\"pets\\",\\n  newest first",
                  "description": "Pets the shop holds.", "responses": \(Self.answer)}},
                "/toys": {"get": {"operationId": "listToys", "tags": ["pets"], "description": "Every toy.", "responses": \(Self.answer)}},
                "/food": {"get": {"operationId": "listFood", "tags": ["pets"], "summary": "Food", "description": "Food",
                  "responses": \(Self.answer)}},
                "/beds": {"get": {"operationId": "listBeds", "tags": ["pets"], "description": "", "responses": \(Self.answer)}}
                """)
        let pets = fixture.group("PetsEndpoints")
        #expect(pets.contains(#".summarized("List all \"pets\", newest first")"#), "\(pets)")
        #expect(pets.contains(#".described("Pets the shop holds.")"#), "\(pets)")
        #expect(pets.contains(#".described("Every toy.")"#), "\(pets)")
        #expect(pets.contains(#".summarized("Food")"#) && pets.contains(#".described("Food")"#), "\(pets)")
        #expect(pets.components(separatedBy: ".summarized(").count == 3, "\(pets)")
        #expect(pets.components(separatedBy: ".described(").count == 4, "\(pets)")
        #expect(!pets.contains("/// Pets the shop holds."), "\(pets)")
    }

    /// Quotes, backslashes, an interpolation's `\(`, lines, tabs, a carriage return, a zero-width
    /// joiner and an emoji: the literal the import writes holds the text as it was.
    static let nasty = "Say \"hi\" \\ then \\(x) and \\n:\n\tline 2\r\nüñí 🐕\u{200D}🦺 \u{7}end"

    @Test func aDescriptionOfAnyTextIsAStringLiteralOfThatText() throws {
        let document = JSONValue.object([
            ("openapi", .string("3.1.0")), ("info", .object([("title", .string("Shop")), ("version", .string("1"))])),
            (
                "paths",
                .object([
                    (
                        "/pets",
                        .object([
                            (
                                "get",
                                .object([
                                    ("operationId", .string("listPets")), ("description", .string(Self.nasty)),
                                    ("responses", try JSONParser.parse(Data(Self.answer.utf8))),
                                ])
                            )
                        ])
                    )
                ])
            ),
        ])
        let result = try OpenAPIImport(settings: ImportFixture.settings).run(document)
        let group = ImportFixture(result: result).group("DefaultEndpoints")
        let start = try #require(group.range(of: ".described(")?.upperBound, "\(group)")
        let literal = try #require(Self.literal(at: group[start...]), "\(group)")
        #expect(Self.unescaped(literal) == Self.nasty, "\(literal)")
        // No interpolation, no raw line break: the literal is one line of Swift.
        #expect(!literal.contains("\n") && !literal.contains("\r"), "\(literal)")
        #expect(literal.replacingOccurrences(of: "\\\\", with: "").range(of: "\\(") == nil, "\(literal)")
    }

    /// The literal from its opening quote to the closing one, escapes kept.
    static func literal(at text: Substring) -> String? {
        guard text.first == "\"" else { return nil }
        var result = "", escaped = false
        for character in text.dropFirst() {
            if !escaped, character == "\"" { return result }
            escaped = !escaped && character == "\\"
            result.append(character)
        }
        return nil
    }

    /// A Swift literal's escapes undone: `\"`, `\\`, `\n`, `\t`, `\r`, `\0`, `\u{…}`.
    static func unescaped(_ literal: String) -> String {
        var result = "", scalars = literal.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.popFirst() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            case "0": result += "\0"
            case "u":
                let digits = String(String.UnicodeScalarView(scalars.dropFirst().prefix { $0 != "}" }))
                scalars = scalars.dropFirst(digits.unicodeScalars.count + 2)
                if let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) { result.unicodeScalars.append(decoded) }
            default: result.unicodeScalars.append(next)
            }
        }
        return result
    }

    struct Pet: Decodable, Sendable { var id: Int }

    @Test func theExportWritesADeclaredDescriptionAsItIs() throws {
        let described = Endpoint<[Pet]>(id: "listPets", .get, "pets", mock: "pets").summarized("List all pets")
            .described(Self.nasty)
        let api = API(
            name: "shop", environments: ["prod": URL(string: "https://shop.example.com/")!], envelope: nil, auth: .noLogin,
            endpoints: [described])
        let list = try OpenAPIDocument(api: api).build().document["paths"]?["/pets"]?["get"]
        #expect(list?["summary"] == .string("List all pets") && list?["description"] == .string(Self.nasty), "\(list?.compactText ?? "")")
        #expect(described.erased.details == Self.nasty && described.erased.summary == "List all pets")
        // Either modifier keeps what the other said.
        let both = Endpoint<[Pet]>(id: "listPets", .get, "pets", mock: "pets").described("At length").summarized("In a line")
        #expect(both.erased.details == "At length" && both.erased.summary == "In a line")
    }

    @Test func theExportWritesADeclaredSummaryAndTheAnswerAsDescription() throws {
        let summarized = Endpoint<[Pet]>(id: "listPets", .get, "pets", mock: "pets").summarized("List all pets")
        let plain = Endpoint<Pet>(id: "showPet", .get, "pets/{id}", parameters: [.path("id", .int)], mock: "pet")
        let api = API(
            name: "shop", environments: ["prod": URL(string: "https://shop.example.com/")!], envelope: nil, auth: .noLogin,
            endpoints: [summarized, plain])
        let document = try OpenAPIDocument(api: api).build().document
        let list = document["paths"]?["/pets"]?["get"]
        #expect(list?["summary"] == .string("List all pets"))
        #expect(list?["description"]?.stringValue?.contains("Pet") == true, "\(list?.compactText ?? "")")
        let show = document["paths"]?["/pets/{id}"]?["get"]
        // Without a declared summary there is none: a decode type's name is no summary.
        #expect(show?["summary"] == nil && show?["description"]?.stringValue?.contains("Pet") == true, "\(show?.compactText ?? "")")
        #expect(summarized.erased.summary == "List all pets" && plain.erased.summary == nil)
    }
}
