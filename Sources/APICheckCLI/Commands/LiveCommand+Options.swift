import APICheck
import Foundation

/// `apicheck live`'s options, each declared once, and how its arguments become a run's settings.
extension LiveCommand {
    static let strict = Option.flag("strict", help: "warnings fail the run too")
    static let verbose = Option.flag(
        "verbose", short: "v",
        help: "trace every request and response on stderr, secrets masked; the text report shows each call's curl")
    static let options: [any OptionDeclaration] =
        TargetOptions.all + ConnectionOptions.all + [strict]
        + MockFolderOption.all + ReportOptions.all + HistoryOption.all + [verbose]
    static let exitCodes: String? = """
        0 the contract holds; 1 violated (errors, or warnings with --strict);
                    2 usage or configuration error; 3 the target is unreachable
        """

    static func discussion(tool: String) -> String {
        discussion(
            tool: tool,
            credentials: "the environment variables the API's auth policy names (APICHECK_ACCOUNT and\nAPICHECK_PASSWORD by default)")
    }

    static func discussion(tool: String, api: API) -> String {
        discussion(tool: tool, credentials: credentialVariables(api))
    }

    /// The variables the API's live runs read, for `--help`: the auth policy's, then the samples'.
    static func credentialVariables(_ api: API) -> String {
        let auth = api.auth
        var names: [String] = []
        if auth.loginEndpoint != nil || auth.placement == .basic { names += [auth.accountVariable, auth.passwordVariable] }
        if let token = auth.tokenVariable { names.append(token) }
        var text =
            names.isEmpty
            ? "none: the API's auth policy names no variable"
            : "the environment variables the API's auth policy names: " + names.map { "$" + $0 }.joined(separator: ", ")
        var samples: [String] = []
        for endpoint in api.endpoints {
            for parameter in endpoint.sampledValues {
                if let name = parameter.sample?.variable, !names.contains(name), !samples.contains(name) { samples.append(name) }
            }
        }
        if !samples.isEmpty {
            let shown = samples.prefix(12).map { "$" + $0 }.joined(separator: ", ")
            text += ";\nsamples read from " + shown + (samples.count > 12 ? " and \(samples.count - 12) more" : "")
        }
        return text
    }

    private static func discussion(tool: String, credentials: String) -> String {
        """
        Calls every declared endpoint (concurrently, over one libcurl multi handle), checks the
        HTTP status, the envelope, the decoding into the declared Swift type, probes each auth
        promise the API declares, on endpoints safe to probe, and reports drift against the mocks.

        probes (--probes NAME,... runs only those; --no-probes none):
          token-expired         a token the server never issued gets the dead-token answer
          missing-token         a request without a token gets the missing-token answer
          revoked-token         a token revoked by a second login gets the declared answer
                                (only where the API says a login revokes earlier tokens;
                                'logout' is still read as this probe)
          logged-out            a token the logout endpoint ended gets the declared answer
          refresh               a refreshed access token works
          replaced-token        the access token a refresh replaced gets the declared answer
          reused-refresh-token  a rotated refresh token used twice is refused
          dead-refresh-token    a refresh token the server never issued is refused
        The dead-token probes send a token no server issued (shaped like the real one, letters
        only, or the API's probeToken; for HTTP Basic, the account with a password that takes
        nothing from the real one): it is shown in --verbose and in reproduce commands. A
        probe that gets no answer in time is a probe-timeout finding naming the token it sent.
        A probe's request is one the server must refuse: it goes only to GET and HEAD endpoints
        and those declared safe to probe. The run logs out every session it opened (probes or
        not) when the API has a logout endpoint, and says so when it cannot.

        error checks (--no-error-checks none): each failure an endpoint declares it can be made
        to give (errorChecks:) is sent with its provoking input after the endpoint's own call
        (error-check SCENARIO ID), and the answer must have the declared status, be a failure in
        the API's error shape (or a failure envelope) and carry the declared code; drift against
        the scenario's mock is a warning. Like the probes, only GET and HEAD, or checks declared
        sent: .always.

        reads only (--reads-only): checks only the GET, HEAD and OPTIONS endpoints (of --only's
        and the shard's, when given) and sends no write: no check, probe or error check of one, and
        none that a read needs first. A read whose required sample reads a write's answer without
        a fallback is skipped, naming the write; one declared after: or ordered(after:) a write
        runs (both order only). The session is
        no write: the login (a second one for the revoked-token probe), the refresh with its
        probes, and the logouts that end the sessions the run opened are still sent, unreported.
        A login into another account (a register) is a write.

        target, first found: --base-url URL; --env NAME (from the API catalog); $APICHECK_BASE_URL;
        else the bundled sandbox, if the tool has one, started on a free loopback port.
        credentials: \(credentials), never flags; the sandbox's own account when checking it.
        mocks: drift is checked against --mocks DIR, else $APICHECK_MOCKS, else ./mocks, else the mocks/
        of the package around the current directory or of the package declaring the API.

        history: --history sqlite:PATH (or postgres://…) keeps the run (verdicts, timings, findings without their
        text, the mocks compared) for '\(tool) history'; the commit is read from $APICHECK_COMMIT,
        $GITHUB_SHA or $CI_COMMIT_SHA.

        \(ConnectionOptions.tlsDiscussion)
        """
    }

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        target = try TargetOptions(arguments, context: context)
        connection = try ConnectionOptions(arguments, context: context)
        strict = try arguments[Self.strict]
        verbose = try arguments[Self.verbose]
        mocks = try MockFolderOption(arguments, context: context)
        reports = try ReportOptions(arguments)
        history = try HistoryOption(arguments, context: context)
    }
}
