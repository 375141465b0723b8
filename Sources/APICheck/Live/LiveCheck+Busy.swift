import Foundation

extension LiveCheck {
    /// The statuses by which a server says it did not take the request now and will later: 429
    /// (too many requests) and 503 (unavailable; Prefect's answer to a busy SQLite database,
    /// `{"exception_message": "Service Unavailable"}`, which its own client sends again). Judged
    /// at once, every write of a concurrent run on such a server failed for the run's own load.
    static let busyStatuses: Set<Int> = [429, 503]
    /// How many times a busy answer is sent again before it is judged.
    static let busyRetries = 3
    /// The longest wait a `Retry-After` is followed for, in seconds: past it the answer is judged.
    static let longestBusyWait: Double = 5

    /// The call, sent again while the server answers it is busy (`busyStatuses`), up to
    /// `busyRetries` times, after the `Retry-After` the answer gives (in seconds, up to
    /// `longestBusyWait`), else after 0.25, 0.5, 1 s. The statuses that were sent again are
    /// returned too, for the note the result carries. An error check provokes its answer on
    /// purpose and an endpoint may declare the status its success: those are judged as they come.
    func callSendingBusyAgain(
        _ step: LiveStep, _ values: [String: ParameterValue], token: TokenChoice, at url: URL?
    ) async -> (CallOutcome, [Int]) {
        var call = await client.call(step.endpoint, values, token: token, at: url)
        if case .errorCheck = step.action { return (call, []) }
        var busy: [Int] = []
        while busy.count < Self.busyRetries, let response = call.exchange?.response, Self.busyStatuses.contains(response.status),
            !step.endpoint.successStatuses.contains(response.status)
        {
            let wait = Self.busyWait(retryAfter: response.header("Retry-After"), attempt: busy.count)
            guard let wait else { break }
            busy.append(response.status)
            if wait > 0 { try? await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000)) }
            call = await client.call(step.endpoint, values, token: token, at: url)
        }
        return (call, busy)
    }

    /// The wait before the `attempt`th resend (0-based): the `Retry-After` seconds when given, nil
    /// when they are past `longestBusyWait` (or a date, which a run does not wait for), else a
    /// doubling backoff from 0.25 s.
    static func busyWait(retryAfter: String?, attempt: Int) -> Double? {
        guard let retryAfter = retryAfter?.trimmingCharacters(in: .whitespaces), !retryAfter.isEmpty else {
            return 0.25 * Double(1 << attempt)
        }
        guard let seconds = Double(retryAfter), seconds >= 0, seconds <= longestBusyWait else { return nil }
        return seconds
    }

    /// The note of a call sent again for busy answers: information, as the answer judged is the
    /// last one.
    static func busyNote(_ busy: [Int], endpoint: String) -> Finding {
        let statuses = busy.map { "HTTP \($0)" }.joined(separator: ", ")
        return Finding(
            kind: .httpStatus, severity: .info, endpoint: endpoint,
            message:
                "the server answered that it was busy (\(statuses)) and the request was sent again "
                + "\(busy.count == 1 ? "once" : "\(busy.count) times"), as a client does: the answer judged is the last one")
    }
}
