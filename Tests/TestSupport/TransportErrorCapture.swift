import APICheck
import Testing

/// The TransportError a call threw, or nil (recorded as a test failure by the caller's #expect).
public func transportError(_ body: () async throws -> HTTPResponse) async -> TransportError? {
    do {
        let response = try await body()
        Issue.record("expected a TransportError, got HTTP \(response.status)")
        return nil
    } catch let error as TransportError {
        return error
    } catch {
        Issue.record("expected a TransportError, got \(error)")
        return nil
    }
}
