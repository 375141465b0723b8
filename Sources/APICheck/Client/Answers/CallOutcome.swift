/// Everything one call produced, for callers that judge answers rather than use them (live checks):
/// the exchange when one happened, its full interpretation, and the error when there was one.
public struct CallOutcome: Sendable {
    public var exchange: Exchange?
    public var interpretation: Interpretation?
    /// Why the call did not succeed: invalid request, no answer, or the interpretation's error.
    public var error: APIError?

    public var classification: Classification? { interpretation?.classification }
}
