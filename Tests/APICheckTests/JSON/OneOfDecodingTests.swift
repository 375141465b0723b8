@testable import APICheck
import Foundation
import Testing

/// The helpers the enums of `import-openapi` decode with, through an enum written the way
/// `TypeWriter` writes one (`ci/import-openapi-check` compiles the generated ones themselves).
@Suite struct OneOfDecodingTests {
    struct Email: Codable, Sendable, Equatable { var email: String }
    struct Phone: Codable, Sendable, Equatable { var phone: String }

    indirect enum Contact: Codable, Sendable, Equatable {
        case email(Email)
        case phone(Phone)

        init(from decoder: any Decoder) throws {
            var failures: [(branch: String, error: any Error)] = []
            do {
                self = .email(try decoder.singleValueContainer().decode(Email.self))
                return
            } catch {
                failures.append(("Email", error))
            }
            do {
                self = .phone(try decoder.singleValueContainer().decode(Phone.self))
                return
            } catch {
                failures.append(("Phone", error))
            }
            throw OneOfDecoding.noBranchFits("Contact", failures: failures, codingPath: decoder.codingPath)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .email(value): try container.encode(value)
            case let .phone(value): try container.encode(value)
            }
        }
    }

    struct Keeper: Codable, Sendable { var contacts: [Contact] }

    @Test func theFirstBranchThatDecodesIsTakenAndEncodingWritesItsValue() throws {
        let keeper = try JSONDecoder().decode(Keeper.self, from: Data(#"{"contacts": [{"phone": "1"}, {"email": "a@b"}]}"#.utf8))
        #expect(keeper.contacts == [.phone(Phone(phone: "1")), .email(Email(email: "a@b"))])
        #expect(String(decoding: try JSONEncoder().encode(keeper.contacts[0]), as: UTF8.self) == #"{"phone":"1"}"#)
    }

    @Test func whenNoBranchFitsEachIsNamedWithWhereItFailed() throws {
        let data = Data(#"{"contacts": [{"email": "a@b"}, {"fax": 2}]}"#.utf8)
        do {
            _ = try JSONDecoder().decode(Keeper.self, from: data)
            Issue.record("a contact of neither branch decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(
                context.debugDescription
                    == "Contact at $.contacts[1]: no branch fits: Email ($.contacts[1].email: expected a value, found absent); Phone ($.contacts[1].phone: expected a value, found absent)"
            )
        }
        // The diagnostic decoder (the mock audit's, live's) says the same at the same place, each
        // branch's reason in its own words.
        let document = try JSONParser.parse(data)
        do {
            _ = try JSONValueDecoder().decode(Keeper.self, from: document)
            Issue.record("a contact of neither branch decoded")
        } catch {
            #expect(error.path.description == "$.contacts[1]")
            #expect(
                error.note
                    == "Contact at $.contacts[1]: no branch fits: Email ($.contacts[1].email: expected String, found absent); Phone ($.contacts[1].phone: expected String, found absent)"
            )
        }
    }
}
