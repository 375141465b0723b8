import APICheck
import Foundation
import Testing

/// A union that is one of its own branches (Ralph's `IRI: anyOf: [string, $ref IRI]`, as an
/// earlier import wrote it) tried itself for ever on a value no other branch takes, and the
/// process died of its stack: `serve` and `proxy` on one client's request. The second try of one
/// type at one place is refused, with either decoder.
@Suite struct SelfBranchUnionTests {
    indirect enum IRI: Codable, Sendable, Equatable {
        case string(String)
        case iri(IRI)

        init(from decoder: any Decoder) throws {
            var failures: [(branch: String, error: any Error)] = []
            do {
                self = .string(try OneOfDecoding.branch(String.self, from: decoder))
                return
            } catch {
                failures.append(("string", error))
            }
            do {
                self = .iri(try OneOfDecoding.branch(IRI.self, from: decoder))
                return
            } catch {
                failures.append(("IRI", error))
            }
            throw OneOfDecoding.noBranchFits("IRI", failures: failures, codingPath: decoder.codingPath)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .string(value): try container.encode(value)
            case let .iri(value): try container.encode(value)
            }
        }
    }

    struct Account: Codable, Sendable { var homePage: IRI }

    @Test func aValueNoBranchTakesFailsInsteadOfRecursing() throws {
        let body = Data(#"{"homePage": 5}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Account.self, from: body) }
        #expect(throws: DecodingFailure.self) { try JSONValueDecoder().decode(Account.self, from: JSONParser.parse(body)) }
        let text = try JSONDecoder().decode(Account.self, from: Data(#"{"homePage": "https://a.example"}"#.utf8))
        #expect(text.homePage == .string("https://a.example"))
    }
}

/// The guard above is for documents: the schema recorder walks a recursive union's types
/// (Prefect's schema errors: an item is a string or an error that holds items) with an empty
/// coding path, and every branch is still exported.
@Suite struct RecursiveUnionExportTests {
    indirect enum Item: Codable, Sendable {
        case string(String)
        case property(PropertyError)
        case index(IndexError)

        init(from decoder: any Decoder) throws {
            var failures: [(branch: String, error: any Error)] = []
            do {
                self = .string(try OneOfDecoding.branch(String.self, from: decoder))
                return
            } catch {
                failures.append(("string", error))
            }
            do {
                self = .property(try OneOfDecoding.branch(PropertyError.self, from: decoder))
                return
            } catch {
                failures.append(("PropertyError", error))
            }
            do {
                self = .index(try OneOfDecoding.branch(IndexError.self, from: decoder))
                return
            } catch {
                failures.append(("IndexError", error))
            }
            throw OneOfDecoding.noBranchFits("Item", failures: failures, codingPath: decoder.codingPath)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .string(value): try container.encode(value)
            case let .property(value): try container.encode(value)
            case let .index(value): try container.encode(value)
            }
        }
    }

    struct PropertyError: Codable, Sendable {
        var property: String
        var errors: [Item]
    }

    struct IndexError: Codable, Sendable {
        var index: Int
        var errors: [Item]
    }

    @Test func everyBranchOfARecursiveUnionIsExported() throws {
        let validate = Endpoint<PropertyError>(id: "validate", .post, "validate", mock: "validate")
        let document = try OpenAPIDocument(api: API(name: "t", envelope: .none, endpoints: [validate])).build().document
        let schemas = try #require(document["components"]?["schemas"])
        let items = try #require(schemas["PropertyError"]?["properties"]?["errors"]?["items"])
        let union = schemas["Item"] ?? items
        let branches = union["oneOf"] ?? union["anyOf"]
        guard case let .array(all)? = branches else {
            Issue.record("no union in \(schemas.compactText)")
            return
        }
        #expect(all.count == 3, "\(schemas.compactText)")
    }
}
