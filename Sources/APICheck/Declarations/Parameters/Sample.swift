import Foundation

/// Where live checks get a parameter's value when the caller gives none.
public indirect enum Sample: Sendable, Equatable {
    /// A fixed value.
    case literal(ParameterValue)
    /// An environment variable (for secrets and per-staging values), with a fallback when unset.
    case environment(String, fallback: ParameterValue?)
    /// A value unique to each run, `prefix` followed by a run id, so that endpoints that create
    /// things (an account) can be checked again and again on the same staging.
    case unique(prefix: String)
    /// A value seen in an earlier answer of this run: the endpoint and the JSONPath into its body
    /// (e.g. the first status id of the home timeline), with a fallback when none was seen.
    case seen(endpoint: String, path: DeclaredPath, fallback: ParameterValue?)
    /// A value an earlier request of this run sent in its JSON body, once that request succeeded:
    /// the name a creation gave what it made where its answer names nothing (`POST /databases`
    /// with `{"name": …}` answering `{}`), for the writes that then act on it. Never a value the
    /// run did not create: a creation that failed leaves its writes not checked.
    case sent(endpoint: String, path: DeclaredPath)
    /// A value unique to each call, `prefix` followed by the run id and the call's number in the
    /// run: a transaction id the server de-duplicates on is never sent twice.
    case uniquePerCall(prefix: String)
    /// A time relative to the moment of the call, `offset` seconds away (negative: earlier), as
    /// epoch seconds, epoch milliseconds or ISO 8601: `.relativeTime(offset: -300, .epochSeconds)`
    /// is "now minus 5 minutes".
    case relativeTime(offset: TimeInterval, TimeFormat)
    /// Computed when the call is made, from the run's context.
    case computed(SampleComputation)
    /// Another sample's value as text, put where the template says `{}`: `If-Match: "<etag>"` is
    /// `.template("\"{}\"", .seen(endpoint: "files.get", path: "$.etag", fallback: nil))`. A
    /// fallback is put in the template too; a sample that gives no value gives none here.
    case template(String, Sample)
    /// An environment variable when it is set, else another sample's value: an imported read of
    /// one object sends the id the staging's variable names, and otherwise the first one its
    /// collection answers, `.environmentOr("SHOP_PET_ID", otherwise: .seen(endpoint: "pets.list",
    /// path: "$.items[0].id", fallback: nil))`.
    case environmentOr(String, otherwise: Sample)

    /// `.seen(endpoint:path:fallback:)` put in a template: `template: "\"{}\""` quotes an ETag.
    public static func seen(endpoint: String, path: DeclaredPath, fallback: ParameterValue?, template: String) -> Sample {
        .template(template, .seen(endpoint: endpoint, path: path, fallback: fallback))
    }

    /// The sample under any templates: what gives the value.
    public var base: Sample {
        if case let .template(_, inner) = self { return inner.base }
        return self
    }

    /// The environment variable an `.environment` sample reads (a credential, a per-staging value);
    /// nil for any other sample. One place to ask whether a parameter is the account or password.
    public var variable: String? {
        switch self {
        case let .environment(name, _), let .environmentOr(name, _): name
        default: nil
        }
    }

    /// The earlier answer a `.seen` sample reads, templated or not, or read while its variable
    /// is unset (`environmentOr`).
    public var seenSource: (endpoint: String, path: DeclaredPath, fallback: ParameterValue?)? {
        switch base {
        case let .seen(endpoint, path, fallback): (endpoint, path, fallback)
        case let .environmentOr(_, otherwise): otherwise.seenSource
        default: nil
        }
    }

    /// The earlier request whose body a `.sent` sample reads, templated or not, or read while its
    /// variable is unset (`environmentOr`).
    public var sentSource: (endpoint: String, path: DeclaredPath)? {
        switch base {
        case let .sent(endpoint, path): (endpoint, path)
        case let .environmentOr(_, otherwise): otherwise.sentSource
        default: nil
        }
    }

    /// The value sent when nothing else gives one: a literal, or a variable's or a seen value's
    /// fallback. Mocks and made-up bodies show it in place of what a run would send.
    public var fallback: ParameterValue? {
        switch base {
        case let .literal(value): value
        case let .environment(_, fallback), let .seen(_, _, fallback): fallback
        case let .environmentOr(_, otherwise): otherwise.fallback
        default: nil
        }
    }

    /// The text a template makes of a value: each `{}` replaced by it.
    public static func filled(_ template: String, with value: ParameterValue) -> String {
        template.replacingOccurrences(of: "{}", with: value.text)
    }

    public enum TimeFormat: String, Sendable, Equatable {
        case epochSeconds = "epoch-seconds"
        case epochMilliseconds = "epoch-milliseconds"
        case iso8601 = "iso8601"
    }
}

/// What a computed sample sees: the run, the call's number in the run, the moment and the
/// environment.
public struct SampleContext: Sendable {
    public var runID: String
    public var call: Int
    public var now: Date
    public var environment: [String: String]
}

/// A named computation of a sample; equal by name, as closures cannot be compared.
public struct SampleComputation: Sendable, Equatable {
    public let name: String
    public let compute: @Sendable (SampleContext) -> ParameterValue

    public init(_ name: String, _ compute: @escaping @Sendable (SampleContext) -> ParameterValue) {
        self.name = name
        self.compute = compute
    }

    public static func == (lhs: SampleComputation, rhs: SampleComputation) -> Bool { lhs.name == rhs.name }
}
