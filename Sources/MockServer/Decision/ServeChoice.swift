import Foundation
import APICheck

/// What to serve instead of the plain answer: a scenario, a fault, a delay, an envelope code.
/// A request's `Prefer` header gives one, the admin API and `--scenario` give sticky ones; the
/// more specific wins field by field.
public struct ServeChoice: Sendable, Equatable {
    public var scenario: ScenarioName?
    public var fault: ServeFault?
    /// Milliseconds.
    public var delay: Int?
    /// The envelope answered with this code and a null payload: `10504`, `"error"`, `false`.
    public var code: EnvelopeCode?

    public init(scenario: ScenarioName? = nil, fault: ServeFault? = nil, delay: Int? = nil, code: EnvelopeCode? = nil) {
        self.scenario = scenario
        self.fault = fault
        self.delay = delay
        self.code = code
    }

    var isEmpty: Bool { self == ServeChoice() }

    /// Fields of `self` where set, else those of `fallback`.
    func over(_ fallback: ServeChoice) -> ServeChoice {
        ServeChoice(
            scenario: scenario ?? fallback.scenario, fault: fault ?? fallback.fault,
            delay: delay ?? fallback.delay, code: code ?? fallback.code)
    }

    /// `Prefer: scenario=not_found, delay=200` (RFC 7240 preferences, several headers allowed).
    /// Returns a problem for a value that does not parse, rather than ignoring it.
    static func parse(prefer values: [String]) -> Result<ServeChoice, ProblemDocument> {
        var choice = ServeChoice()
        for value in values {
            for part in value.split(separator: ",") {
                let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                let text = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                switch pair[0].lowercased() {
                case "scenario": choice.scenario = ScenarioName(text)
                case "fault":
                    guard let fault = ServeFault(rawValue: text) else {
                        return .failure(bad("fault", text, "one of " + ServeFault.allCases.map(\.rawValue).joined(separator: ", ")))
                    }
                    choice.fault = fault
                case "delay":
                    guard let ms = Int(text), (0...60_000).contains(ms) else {
                        return .failure(bad("delay", text, "milliseconds, 0...60000"))
                    }
                    choice.delay = ms
                case "code":
                    // As the envelope writes it: a number, true or false, else text.
                    guard !text.isEmpty else { return .failure(bad("code", text, "an envelope code")) }
                    choice.code =
                        Int(text).map(EnvelopeCode.int) ?? (text == "true" || text == "false" ? .bool(text == "true") : .string(text))
                default: continue
                }
            }
        }
        return .success(choice)
    }

    private static func bad(_ name: String, _ value: String, _ expected: String) -> ProblemDocument {
        .invalidPreference("Prefer: \(name)=\(value) is not valid; expected \(expected)")
    }

    /// `{"scenario": "not_found", "fault": "reset", "delay": 100, "code": 10504}`, as the admin API takes it.
    init(json: JSONValue) throws(ProblemDocument) {
        guard case .object = json else {
            throw ProblemDocument(status: 400, title: "Invalid choice", detail: "expects a JSON object")
        }
        let text = ["scenario", "fault", "delay", "code"].compactMap { key -> String? in
            guard let value = json[key], !value.isNull else { return nil }
            return "\(key)=\(value.stringValue ?? value.compactText)"
        }.joined(separator: ",")
        switch Self.parse(prefer: [text]) {
        case let .success(choice): self = choice
        case let .failure(problem): throw problem
        }
    }

    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let scenario { members.append(("scenario", .string(scenario.rawValue))) }
        if let fault { members.append(("fault", .string(fault.rawValue))) }
        if let delay { members.append(("delay", .number(String(delay)))) }
        if let code { members.append(("code", code.json)) }
        return .object(members)
    }
}
