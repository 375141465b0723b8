import CurlClient
import Foundation

/// How a command that calls a server connects, shared by `live` and `record`: requests in flight,
/// timeouts, the body cap, and TLS (what to trust, which client certificate to present, when a
/// server certificate's expiry becomes a warning). Every file is checked before any call.
struct ConnectionOptions {
    static let concurrency = Option.value(
        "concurrency", "N", default: 8, help: "requests in flight at once",
        parse: .integer(in: 1...256))
    static let timeout = Option.value(
        "timeout", "S", default: 10.0, shownDefault: "10",
        help: "seconds per request, connect and total", parse: .seconds)
    static let maxBody = Option.value(
        "max-body", "BYTES", default: 32 << 20, shownDefault: "32M",
        help: "body cap, e.g. 33554432, 32M or 512K", parse: .bytes)
    static let insecure = Option.flag("insecure", help: "do not verify TLS certificates")
    static let cacert = Option.optional(
        "cacert", "FILE",
        help: "trust the CA certificates in this PEM file instead of the system's", parse: .text)
    static let cert = Option.optional("cert", "FILE", help: "client certificate (PEM) for servers that ask for one", parse: .text)
    static let key = Option.optional("key", "FILE", help: "the client certificate's private key (PEM)", parse: .text)
    static let certWarnDays = Option.value(
        "cert-warn-days", "N", default: 14,
        help: "warn when the server certificate expires within N days",
        parse: .integer(in: 0...3650))
    static let all: [any OptionDeclaration] = [concurrency, timeout, maxBody, insecure, cacert, cert, key, certWarnDays]
    /// Those of a command that fetches one document (`import-openapi URL`): no requests in
    /// parallel, and no run whose report would carry a certificate warning.
    static let fetching: [any OptionDeclaration] = [timeout, maxBody, insecure, cacert, cert, key]

    /// Where a CA bundle may come from, first found wins: the flag, then the variables curl users set.
    static let caBundleVariables = ["APICHECK_CACERT", "CURL_CA_BUNDLE", "SSL_CERT_FILE"]
    /// The client key's passphrase: only ever from here, never from a flag.
    static let keyPasswordVariable = "APICHECK_KEY_PASSWORD"

    static let tlsDiscussion = """
        TLS: certificates are verified unless --insecure. --cacert FILE (else $APICHECK_CACERT,
        $CURL_CA_BUNDLE, $SSL_CERT_FILE) replaces the system's CA store, as curl's --cacert does; to
        trust both, give a file that holds both. --cert FILE and --key FILE (else $APICHECK_CERT and
        $APICHECK_KEY) present a client certificate; an encrypted key's passphrase comes from
        $APICHECK_KEY_PASSWORD only.
        """

    let concurrency: Int
    let timeout: Double
    let maxBody: Int
    let insecure: Bool
    let tls: CurlTLSOptions
    let certificateWarningDays: Int

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        concurrency = try arguments[Self.concurrency]
        timeout = try arguments[Self.timeout]
        maxBody = try arguments[Self.maxBody]
        insecure = try arguments[Self.insecure]
        tls = try Self.tlsOptions(arguments, context: context)
        certificateWarningDays = try arguments[Self.certWarnDays]
    }

    /// The options `fetching` declares; one request at a time.
    init(fetching arguments: ParsedArguments, context: CommandContext) throws {
        concurrency = 1
        timeout = try arguments[Self.timeout]
        maxBody = try arguments[Self.maxBody]
        insecure = try arguments[Self.insecure]
        tls = try Self.tlsOptions(arguments, context: context)
        certificateWarningDays = 0
    }

    /// The libcurl transport these options describe; shut it down when the command is done.
    func transport() -> CurlTransport {
        var configuration = CurlConfiguration(
            concurrency: concurrency, connectTimeout: timeout, timeout: timeout, maxBodyBytes: maxBody, insecure: insecure)
        configuration.tls = tls
        return CurlTransport(configuration: configuration)
    }

    /// The TLS settings the arguments and the environment ask for; a file that is missing or not
    /// PEM is a usage error, before any call.
    static func tlsOptions(_ arguments: ParsedArguments, context: CommandContext) throws -> CurlTLSOptions {
        let environment = context.environment
        func given(_ option: Option<String?>, _ variable: String?) throws -> (path: String, source: String)? {
            if let value = try arguments[option] {
                guard !value.isEmpty else { throw UsageError("--\(option.spec.name) needs a file") }
                return (resolve(value, context), "--\(option.spec.name)")
            }
            guard let variable, let value = environment[variable], !value.isEmpty else { return nil }
            return (resolve(value, context), variable)
        }
        func checked(_ file: (path: String, source: String)?, _ content: PEMFile.Content) throws -> String? {
            guard let file else { return nil }
            if let problem = PEMFile.problem(at: file.path, expecting: content) { throw UsageError("\(file.source): \(problem)") }
            return file.path
        }

        var options = CurlTLSOptions()
        var bundle = try given(cacert, nil)
        for variable in caBundleVariables where bundle == nil { bundle = try given(cacert, variable) }
        options.caBundle = try checked(bundle, .certificates)

        let certificate = try given(cert, "APICHECK_CERT"), key = try given(key, "APICHECK_KEY")
        options.clientCertificate = try checked(certificate, .certificates)
        options.clientKey = try checked(key, .privateKey)
        if let certificate, key == nil, !PEMFile.holdsPrivateKey(certificate.path) {
            throw UsageError("\(certificate.source): '\(certificate.path)' holds no private key; give it with --key FILE")
        }
        if let key, certificate == nil {
            throw UsageError("\(key.source) needs a client certificate too: --cert FILE")
        }
        let keyFile = options.clientKey ?? options.clientCertificate
        if let password = environment[keyPasswordVariable], !password.isEmpty {
            options.keyPassword = password
        } else if let keyFile, PEMFile.holdsEncryptedKey(keyFile) {
            throw UsageError("the key in '\(keyFile)' is encrypted: set its passphrase in \(keyPasswordVariable)")
        }
        return options
    }

    private static func resolve(_ path: String, _ context: CommandContext) -> String {
        URL(fileURLWithPath: path, relativeTo: context.workingDirectory).standardizedFileURL.path
    }
}
