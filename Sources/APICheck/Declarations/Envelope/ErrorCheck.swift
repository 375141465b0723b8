/// A failure an endpoint can be made to give on purpose, checked by `apicheck live` as a step of its
/// own after the endpoint's normal call: the scenario it is (its mock is `<mock>@<scenario>.json`),
/// the inputs that provoke it (the endpoint's samples with these values put in or left out), and
/// the answer it must get: an HTTP status and, where declared, the API's code for it.
///
/// ```swift
/// errorChecks: [.scenario("not_found", status: 200, code: 20101, inputs: ["id": 1])]    // an envelope code
/// errorChecks: [.scenario("bad_data", status: 400, code: "bad_data", inputs: ["query": "up{"])]
/// errorChecks: [.scenario("missing_uid", status: 200, code: -1, omitting: ["uid"])]
/// ```
///
/// The answer is judged against the API's error shape (or the envelope's failure codes), not the
/// mock's text: any message will do, a code outside the shape or another code will not. Inputs
/// name parameters, or the inputs of a typed body (its fields as the sample makes them).
/// Like the auth probes, a check is only sent where the method is safe (GET, HEAD): a server
/// that wrongly accepts the input would act on it. `sent: .always` declares a check safe whatever
/// the method: the server refuses this input before it acts (a register with a taken account).
public struct ErrorCheck: Sendable, Equatable {
    /// When a check may be sent: by method, or always.
    public enum Sending: Sendable, Equatable {
        /// Only when the endpoint's method is safe (GET, HEAD).
        case whenSafe
        /// Whatever the method: the server refuses this input before it acts.
        case always
    }

    /// The scenario's name, as in its mock file's name (`not_found`).
    public var scenario: ScenarioName
    /// The HTTP status the failure comes with (an envelope API's failures may come with 200).
    public var status: Int
    /// The API's code for this failure, at the error shape's code path (else the envelope's); nil:
    /// any failure code will do.
    public var code: EnvelopeCode?
    /// Values put in place of the samples, by parameter or body input name.
    public var inputs: [String: ParameterValue]
    /// Parameters or body inputs left out of the request altogether.
    public var omitted: [String]
    public var sending: Sending

    public init(
        scenario: ScenarioName, status: Int, code: EnvelopeCode? = nil, inputs: [String: ParameterValue] = [:],
        omitting omitted: [String] = [], sent sending: Sending = .whenSafe
    ) {
        self.scenario = scenario
        self.status = status
        self.code = code
        self.inputs = inputs
        self.omitted = omitted
        self.sending = sending
    }

    /// The check of a failure scenario: `.scenario("not_found", status: 404, code: "M_NOT_FOUND", inputs: ["roomId": "!nope:x"])`.
    public static func scenario(
        _ name: ScenarioName, status: Int, code: EnvelopeCode? = nil, inputs: [String: ParameterValue] = [:],
        omitting omitted: [String] = [], sent sending: Sending = .whenSafe
    ) -> ErrorCheck {
        ErrorCheck(scenario: name, status: status, code: code, inputs: inputs, omitting: omitted, sent: sending)
    }

    /// Whether a live run sends it to an endpoint called with `method`.
    public func isSent(_ method: HTTPMethod) -> Bool {
        sending == .always || method == .get || method == .head
    }

    /// The endpoint's samples with the check's inputs put in and its omissions taken out.
    public func applied(to values: [String: ParameterValue]) -> [String: ParameterValue] {
        var values = values
        for (name, value) in inputs { values[name] = value }
        for name in omitted { values[name] = nil }
        return values
    }

    /// Names the inputs and omissions take, sorted: what declarations and listings show.
    public var inputNames: [String] { (Array(inputs.keys) + omitted).sorted() }

    /// How listings and messages show the provoking input: `id=1, uid omitted`.
    public var inputDescription: String {
        let given = inputs.keys.sorted().map { "\($0)=\(inputs[$0]!.text)" }
        let left = omitted.sorted().map { "\($0) omitted" }
        let all = given + left
        return all.isEmpty ? "the samples as they are" : all.joined(separator: ", ")
    }

    /// What the answer must be, as findings and listings say it: `HTTP 404, code M_NOT_FOUND`.
    public var expectedDescription: String {
        "HTTP \(status)" + (code.map { ", code \($0)" } ?? ", a failure")
    }
}
