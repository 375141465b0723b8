import APICheck
import Foundation

/// What a command that calls a server runs against and what it runs, shared by `live` and
/// `record`: the base URL (given, named, or from the environment), the endpoints selected, and
/// which auth probes run.
struct TargetOptions {
    static let baseURL = Option.optional("base-url", "URL", help: "the API's base URL, e.g. https://staging.example.com/Api/", parse: .text)
    static let env = Option.optional("env", "NAME", help: "a base URL named in the API catalog (see the API declaration)", parse: .text)
        .completing(.declared(.environments))
    static let only = Option.repeated(
        "only", "ID,...", help: "check only these endpoint ids (and, unreported, what they need first)", parse: .text
    )
    .completing(.declared(.endpoints))
    static let except = Option.repeated(
        "except", "ID,...", help: "never send these endpoint ids: not checked, nor sent as what another needs (which is skipped)",
        parse: .text
    )
    .completing(.declared(.endpoints))
    static let probes = Option.repeated(
        "probes", "NAME,...", help: "run only these auth probes, of those the API declares",
        parse: .text
    )
    .completing(.declared(.probes))
    static let noProbes = Option.flag("no-probes", help: "skip the auth probes (the run still ends the sessions it opens)")
    static let shard = Option.optional(
        "shard", "K/N",
        shownDefault: "CI_NODE_INDEX/CI_NODE_TOTAL, or JOB_COMPLETION_INDEX+1/APICHECK_SHARDS",
        help: "run shard K of N (1-based): the endpoints whose ids hash there, stable on every machine",
        parse: .shard)
    static let runID = Option.optional(
        "run-id", "ID",
        shownDefault: "APICHECK_RUN_ID, GITHUB_RUN_ID-GITHUB_RUN_ATTEMPT, CI_PIPELINE_ID, else a new one",
        help: "names the run in its reports: every shard of one run needs the same one (merge checks it)",
        parse: .text)
    static let noTraceContext = Option.flag(
        "no-trace-context",
        help: "send no W3C traceparent (by default one trace per run id, one span per step)")
    static let readsOnly = Option.flag(
        "reads-only",
        help: "check only GET, HEAD and OPTIONS endpoints and send no write (the session's login, refresh and logout still go)")
    static let noErrorChecks = Option.flag(
        "no-error-checks", help: "skip the failures endpoints declare they can be made to give (errorChecks:)")
    static let all: [any OptionDeclaration] = [
        baseURL, env, only, except, readsOnly, shard, runID, noTraceContext, probes, noProbes, noErrorChecks,
    ]

    /// Nil when none is configured (then the bundled sandbox, if the tool has one).
    let baseURL: URL?
    /// Nil for every endpoint: the `--only` selection, cut to its reads with `--reads-only` and to
    /// the shard's part of it.
    let only: Set<String>?
    /// The ids `--only` names as themselves (not by a pattern), before any cut: the endpoints
    /// declared `endingIdentity()` the run checks and the `actingOnExisting()` ones it sends (nil:
    /// `--only` not given).
    let named: Set<String>?
    /// `--reads-only`: no write is sent, and a read that needs one first is skipped.
    let readsOnly: Bool
    /// `--except`: never sent; what needs one of them first is skipped.
    let excluded: Set<String>
    /// The endpoints of the selection that `--reads-only` does not check, for its note.
    let writesLeftOut: [AnyEndpoint]
    /// The shard run, from `--shard` or the CI runner's environment; nil for the whole run.
    let shard: Shard?
    /// For a shard, the ids of the whole run (the `--only` selection before the shard's cut).
    let wholeRun: Set<String>?
    /// The id the reports carry, the same in every shard of a run on CI.
    let runID: String
    /// The catalog's name of the target, when `--env` named it.
    let environmentName: String?
    /// The trace every request joins; nil with `--no-trace-context`.
    let traceContext: TraceContext?
    let probes: Bool
    let errorChecks: Bool
    /// Nil for every probe the API declares.
    let probeFilter: Set<AuthProbe>?

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        baseURL = try Self.target(arguments, context: context)
        readsOnly = try arguments[Self.readsOnly]
        let given = try EndpointIDs.parse(arguments[Self.only], option: "only", context: context)
        var selected = given?.ids
        named = given?.named
        excluded = try Self.excludedIDs(arguments[Self.except], context: context)
        if !excluded.isEmpty { selected = (selected ?? Set(context.api.endpoints.map(\.id))).subtracting(excluded) }
        writesLeftOut = readsOnly ? context.api.endpoints.filter { !$0.readsOnly && (selected?.contains($0.id) ?? true) } : []
        if readsOnly {
            selected = Set(context.api.endpoints.lazy.filter { $0.readsOnly && (selected?.contains($0.id) ?? true) }.map(\.id))
        }
        do {
            shard = try arguments[Self.shard] ?? Shard.fromEnvironment(context.environment)
        } catch let error as ShardError {
            throw UsageError(DisplayText.escaped(error.description))
        }
        wholeRun = shard == nil ? nil : selected ?? Set(context.api.endpoints.map(\.id))
        if let shard {
            only = Set(context.api.endpoints.lazy.map(\.id).filter { (selected?.contains($0) ?? true) && shard.contains($0) })
        } else {
            only = selected
        }
        runID = try Self.runID(arguments[Self.runID], environment: context.environment)
        environmentName = try arguments[Self.env]
        traceContext = try arguments[Self.noTraceContext] ? nil : TraceContext(runID: runID)
        probes = try !arguments[Self.noProbes]
        errorChecks = try !arguments[Self.noErrorChecks]
        probeFilter = try Self.selectedProbes(arguments[Self.probes], context: context)
        if !probes, probeFilter != nil { throw UsageError("give --probes or --no-probes, not both") }
    }

    /// `--run-id`, else what the CI runner names the run by, the same in every job of a matrix
    /// (GitHub Actions' run id and attempt, GitLab's pipeline id), else a new id: a run on one
    /// machine needs no name to be merged with itself.
    static func runID(_ given: String?, environment: [String: String]) throws(UsageError) -> String {
        if let given {
            guard !given.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("--run-id needs an id") }
            return given
        }
        func value(_ name: String) -> String? {
            guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            return text
        }
        if let id = value("APICHECK_RUN_ID") { return id }
        if let id = value("GITHUB_RUN_ID") { return "github-\(id)" + (value("GITHUB_RUN_ATTEMPT").map { "-\($0)" } ?? "") }
        if let id = value("CI_PIPELINE_ID") { return "gitlab-\(id)" }
        return UUID().uuidString.lowercased()
    }

    /// The probes of the promises the API declares, in their fixed order.
    static func declaredProbes(_ api: API) -> [AuthProbe] {
        guard api.auth.hasToken else { return [] }
        return AuthProbe.allCases.filter { $0.promise(api) != nil && !api.auth.skippedProbes.contains($0) }
    }

    /// The probes of every --probes, comma-separated or repeated; nil for all. A name that is no
    /// probe, or the probe of a promise the API does not declare, is a usage error.
    static func selectedProbes(_ given: [String], context: CommandContext) throws(UsageError) -> Set<AuthProbe>? {
        let names = given.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        if !given.isEmpty, names.isEmpty { throw UsageError("--probes needs probe names (see '\(context.tool) live --help')") }
        guard !names.isEmpty else { return nil }
        let declared = declaredProbes(context.api)
        let listed = declared.isEmpty ? "none" : declared.map(\.rawValue).joined(separator: ", ")
        var selected: Set<AuthProbe> = []
        for name in names {
            guard let probe = AuthProbe(named: name) else {
                let near = NameSuggestion.nearest(name, in: AuthProbe.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError(
                    "--probes: no probe '\(DisplayText.escaped(name))'\(near); the \(context.api.name) API declares: \(listed)")
            }
            guard declared.contains(probe) else {
                throw UsageError("--probes: the \(context.api.name) API declares no promise for '\(name)'; it declares: \(listed)")
            }
            selected.insert(probe)
        }
        return selected
    }

    /// Says on stderr which endpoints the shard holds, out of how many.
    func noteShard(_ context: CommandContext) {
        guard let shard, let only else { return }
        let total = context.api.endpoints.count
        context.note(
            only.isEmpty
                ? "shard \(shard) holds none of the \(total) endpoints: nothing to run"
                : "shard \(shard): \(only.count) of the \(total) endpoints")
    }

    /// Says on stderr which endpoints `--only` pulls in because the selection needs their answers
    /// or comes after them: they run, unreported, so that any endpoint can be run alone. With
    /// `--reads-only`, says how many writes are left out; with it or `--except`, which endpoints
    /// need first one the run does not send.
    func noteDependencies(_ context: CommandContext) {
        guard let only else { return }
        let api = context.api
        var runnable = only
        // A write to what the run did not make is sent only when named by its own id.
        let held = api.heldForName(named ?? [])
        let unsent = excluded.union(held.keys)
        let sends = { api.isSent($0, readsOnly: readsOnly, excluded: unsent) }
        if readsOnly {
            // A token issued beforehand is never logged out: the run did not open it.
            let session = writesLeftOut.filter(api.isSentReadingOnly).filter {
                !(api.auth.isIssuedBeforehand && $0.sessionEffect == .logsOut)
            }.map(\.id)
            let writes = writesLeftOut.count - session.count
            if !writesLeftOut.isEmpty {
                context.note(
                    "--reads-only: \(writes) write\(writes == 1 ? " is" : "s are") neither checked nor sent"
                        + (session.isEmpty
                            ? ""
                            : "; the session's own \(session.joined(separator: ", ")) \(session.count == 1 ? "is" : "are") sent "
                                + "only as it needs \(session.count == 1 ? "it" : "them"), unreported"))
            }
        }
        if readsOnly || !unsent.isEmpty {
            let blocked = api.unsentNeeded(by: only, sends: sends)
            runnable.subtract(blocked.keys)
            if !blocked.isEmpty {
                let listed = blocked.sorted { $0.key < $1.key }.map { "\($0.key) (needs \($0.value))" }.joined(separator: ", ")
                let causes = [
                    readsOnly ? "--reads-only" : nil, excluded.isEmpty ? nil : "--except",
                    held.isEmpty ? nil : "a write held until --only names it",
                ]
                context.note(
                    readsOnly && excluded.isEmpty && held.isEmpty
                        ? "--reads-only skips the reads that need a write first: \(listed)"
                        : "skipped, as each needs first an endpoint the run does not send (\(causes.compactMap { $0 }.joined(separator: ", "))): \(listed)"
                )
            }
        }
        let needed = readsOnly || !unsent.isEmpty ? api.dependencies(of: runnable, sending: sends) : api.dependencies(of: runnable)
        guard !needed.isEmpty else { return }
        let listed = needed.map { "\($0.id) (for \($0.neededBy))" }.joined(separator: ", ")
        context.note(
            "\(readsOnly ? "--reads-only" : named == nil ? "--except" : "--only") also runs, unreported, what the selection needs first: \(listed)"
        )
    }

    /// --base-url, --env or APICHECK_BASE_URL; nil when none is set (then the sandbox, if any).
    static func target(_ arguments: ParsedArguments, context: CommandContext) throws -> URL? {
        let given = try arguments[baseURL], named = try arguments[env]
        if given != nil, named != nil { throw UsageError("give --base-url or --env, not both") }
        if let given { return try parseBaseURL(given, from: "--base-url") }
        if let named { return try environment(named, context: context) }
        if let text = context.environment["APICHECK_BASE_URL"], !text.isEmpty {
            return try parseBaseURL(text, from: "APICHECK_BASE_URL")
        }
        return nil
    }

    /// The base URL the API catalog names `named` (`--env`); an unknown name is a usage error
    /// listing the known ones.
    static func environment(_ named: String, context: CommandContext) throws(UsageError) -> URL {
        guard let url = context.api.environments[named] else {
            let known = context.api.environments.keys.sorted().joined(separator: ", ")
            throw UsageError("unknown environment '\(named)' (the \(context.api.name) API names: \(known.isEmpty ? "none" : known))")
        }
        return url
    }

    static func parseBaseURL(_ text: String, from source: String) throws(UsageError) -> URL {
        var text = text
        if !text.hasSuffix("/") { text += "/" }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else {
            // A URL with user info may hold a credential: do not echo it.
            throw UsageError("\(source): \(text.contains("@") ? "the URL given" : "'\(text)'") is not an http(s) URL")
        }
        return url
    }

    /// The ids of every --except. The session's own endpoints (the account's login, the refresh,
    /// a logout) are sent as the run needs them, whatever it checks: naming one is a usage error
    /// rather than a promise the run would break; a pattern that matches one leaves it be.
    static func excludedIDs(_ given: [String], context: CommandContext) throws(UsageError) -> Set<String> {
        guard let parsed = try EndpointIDs.parse(given, option: "except", context: context) else { return [] }
        let api = context.api
        let session = Set(
            api.endpoints.lazy.filter { $0.sessionEffect != .keepsSession && api.isSentReadingOnly($0) }.map(\.id))
        if let named = parsed.named.sorted().first(where: session.contains) {
            throw UsageError(
                "--except: \(named) is the session's own endpoint, sent as the run needs it; --no-probes leaves out the probes' own calls"
            )
        }
        return parsed.ids.subtracting(session)
    }
}

extension ValueParser where Value == Shard {
    static let shard = ValueParser { text, option throws(UsageError) in
        guard let shard = Shard(text) else {
            throw UsageError("--\(option): '\(DisplayText.escaped(text))' is not a shard K/N with 1 ≤ K ≤ N (e.g. 2/4)")
        }
        return shard
    }
}
