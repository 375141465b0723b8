/// Where live checks get a parameter's value when the caller gives none.
public enum Sample: Sendable, Equatable {
    /// A fixed value.
    case literal(ParameterValue)
    /// An environment variable (for secrets and per-staging values), with a fallback when unset.
    case environment(String, fallback: ParameterValue?)
    /// A value unique to each run, `prefix` followed by a run id, so that endpoints that create
    /// things (an account) can be checked again and again on the same staging.
    case unique(prefix: String)
    /// A value seen in an earlier answer of this run: the endpoint and the JSONPath into its body
    /// (e.g. the first status id of the home timeline), with a fallback when none was seen.
    case seen(endpoint: String, path: String, fallback: ParameterValue?)
}
