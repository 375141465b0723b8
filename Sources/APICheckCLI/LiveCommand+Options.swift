import APICheck
import Foundation

/// `apicheck live`'s options, each declared once, and how its arguments become a run's settings.
extension LiveCommand {
    static let baseURL = Option.optional("base-url", "URL", help: "the API's base URL, e.g. https://staging.example.com/Api/", parse: .text)
    static let env = Option.optional("env", "NAME", help: "a base URL named in the API catalog (see the API declaration)", parse: .text)
        .completing(.declared(.environments))
    static let only = Option.repeated("only", "ID,...", help: "check only these endpoint ids", parse: .text)
        .completing(.declared(.endpoints))
    static let concurrency = Option.value("concurrency", "N", default: 8, help: "requests in flight at once",
                                          parse: .integer(in: 1...256))
    static let timeout = Option.value("timeout", "S", default: 10.0, shownDefault: "10",
                                      help: "seconds per request, connect and total", parse: .seconds)
    static let maxBody = Option.value("max-body", "BYTES", default: 32 << 20, shownDefault: "32M",
                                      help: "body cap, e.g. 33554432, 32M or 512K", parse: .bytes)
    static let strict = Option.flag("strict", help: "warnings fail the run too")
    static let insecure = Option.flag("insecure", help: "do not verify TLS certificates")
    static let noProbes = Option.flag("no-probes", help: "skip the auth probes")
    static let verbose = Option.flag("verbose", short: "v", help: "trace every request and response on stderr, secrets masked")
    static let options: [any OptionDeclaration] = [
        baseURL, env, only, concurrency, timeout, maxBody, strict, insecure, noProbes,
    ] + tlsOptions + MockFolderOption.all + ReportOptions.all + [verbose]
    static let exitCodes: String? = """
        0 the contract holds; 1 violated (errors, or warnings with --strict);
                    2 usage or configuration error; 3 the target is unreachable
        """

    static func discussion(tool: String) -> String {
        """
        Calls every declared endpoint (concurrently, over one libcurl multi handle), checks the
        HTTP status, the envelope, the decoding into the declared Swift type, probes the auth
        failure paths (a dead token must classify as token expired, a token revoked by a second
        login as logout, a logged-out token as token expired), and reports drift against the mocks.

        target, first found: --base-url URL; --env NAME (from the API catalog); $APICHECK_BASE_URL;
        else the bundled sandbox, if the tool has one, started on a free loopback port.
        credentials: the environment variables the API's auth policy names (APICHECK_ACCOUNT and
        APICHECK_PASSWORD by default), never flags; the sandbox's own account when checking it.
        mocks: drift is checked against --mocks DIR, else $APICHECK_MOCKS, else ./mocks, else the mocks/
        of the package around the current directory or of the package declaring the API.

        \(tlsDiscussion)
        """
    }

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        baseURL = try Self.target(arguments, context: context)
        only = try Self.selectedIDs(arguments[Self.only], context: context)
        concurrency = try arguments[Self.concurrency]
        timeout = try arguments[Self.timeout]
        maxBody = try arguments[Self.maxBody]
        strict = try arguments[Self.strict]
        insecure = try arguments[Self.insecure]
        tls = try Self.tlsOptions(arguments, context: context)
        certificateWarningDays = try arguments[Self.certWarnDays]
        probes = try !arguments[Self.noProbes]
        verbose = try arguments[Self.verbose]
        mocks = try MockFolderOption(arguments, context: context)
        destinations = try ReportOptions.destinations(arguments)
    }

    /// --base-url, --env or APICHECK_BASE_URL; nil when none is set (then the sandbox, if any).
    static func target(_ arguments: ParsedArguments, context: CommandContext) throws -> URL? {
        let given = try arguments[baseURL], named = try arguments[env]
        if given != nil, named != nil { throw UsageError("give --base-url or --env, not both") }
        if let given { return try parseBaseURL(given, from: "--base-url") }
        if let named {
            guard let url = context.api.environments[named] else {
                let known = context.api.environments.keys.sorted().joined(separator: ", ")
                throw UsageError("unknown environment '\(named)' (the \(context.api.name) API names: \(known.isEmpty ? "none" : known))")
            }
            return url
        }
        if let text = context.environment["APICHECK_BASE_URL"], !text.isEmpty {
            return try parseBaseURL(text, from: "APICHECK_BASE_URL")
        }
        return nil
    }

    static func parseBaseURL(_ text: String, from source: String) throws(UsageError) -> URL {
        var text = text
        if !text.hasSuffix("/") { text += "/" }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false else {
            // A URL with user info may hold a credential: do not echo it.
            throw UsageError("\(source): \(text.contains("@") ? "the URL given" : "'\(text)'") is not an http(s) URL")
        }
        return url
    }

    /// The ids of every --only, comma-separated or repeated; nil for all. Unknown ids are usage errors.
    static func selectedIDs(_ given: [String], context: CommandContext) throws(UsageError) -> Set<String>? {
        if given.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw UsageError("--only needs endpoint ids (see '\(context.tool) list')")
        }
        let ids = given.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
        guard !ids.isEmpty else { return nil }
        let known = Set(context.api.endpoints.map(\.id))
        if let unknown = ids.first(where: { !known.contains($0) }) {
            throw UsageError("--only: no endpoint '\(unknown)' (see '\(context.tool) list')")
        }
        return Set(ids)
    }
}
