import APICheck
import Foundation
import TestSupport
import Testing

/// A sum-typed payload's drift baseline is the union of its success mocks: the success mock shows
/// one branch, a named variant the other, and a live answer on either branch is no drift. A
/// variant that dropped out of the baseline would show as the other branch's fields added.
@Suite struct SumTypeBaselineTests {
    /// A card payment or a bank transfer, told apart by `kind`.
    enum Payment: Decodable, Sendable {
        case card(last4: String)
        case transfer(iban: String, reference: String?)

        private enum Keys: String, CodingKey { case kind, last4, iban, reference }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            switch try container.decode(String.self, forKey: .kind) {
            case "card": self = .card(last4: try container.decode(String.self, forKey: .last4))
            default:
                self = .transfer(
                    iban: try container.decode(String.self, forKey: .iban),
                    reference: try container.decodeIfPresent(String.self, forKey: .reference))
            }
        }
    }

    static let payment = Endpoint<Payment>(id: "payment", .get, "payment", mock: "payment", scenarios: ["transfer"])
    static let api = API(name: "payments", envelope: .none, endpoints: [payment])

    static let card = #"{"kind": "card", "last4": "4242"}"#
    static let transfer = #"{"kind": "transfer", "iban": "DE89370400440532013000", "reference": "invoice 7"}"#

    /// The payment's findings for a live `answer`, against `payment.json` (the card) and, when
    /// given, `payment@transfer.json`.
    func findings(live answer: String, transferMock: String? = transfer) async throws -> [Finding] {
        let folder = try TemporaryFolder("sum-baseline")
        defer { folder.remove() }
        try Data(Self.card.utf8).write(to: folder.appendingPathComponent("payment.json"))
        if let transferMock { try Data(transferMock.utf8).write(to: folder.appendingPathComponent("payment@transfer.json")) }
        let report = try await LiveTier.socket.run(Self.api, mocks: folder.url) { _ in Data(answer.utf8) }.0
        return try #require(report.results.first { $0.name == "payment" }).findings
    }

    @Test func anAnswerOnTheBranchOnlyAVariantShowsIsNoDrift() async throws {
        let findings = try await findings(live: Self.transfer)
        #expect(findings.isEmpty, "\(findings.map(\.summaryLine))")
    }

    /// What the answer above meets when no mock shows its branch: the drift a variant dropped
    /// out of the baseline would cause.
    @Test func withoutTheVariantTheBranchsFieldsAreDrift() async throws {
        let findings = try await findings(live: Self.transfer, transferMock: nil)
        #expect(
            Set(findings.filter { $0.kind == .driftAdded }.compactMap(\.path)) == ["$.iban", "$.reference"],
            "\(findings.map(\.summaryLine))")
    }

    @Test func aFieldNeitherBranchShowsIsStillAdded() async throws {
        let findings = try await findings(
            live: #"{"kind": "transfer", "iban": "DE89370400440532013000", "reference": "invoice 7", "fee": 0}"#)
        #expect(findings.map(\.kind) == [.driftAdded] && findings.first?.path == "$.fee", "\(findings.map(\.summaryLine))")
    }

    /// The card answer against both mocks: the transfer's fields, absent, are no removal either.
    @Test func anAnswerOnTheSuccessMocksBranchIsNoDrift() async throws {
        let findings = try await findings(live: Self.card)
        #expect(findings.isEmpty, "\(findings.map(\.summaryLine))")
    }
}
