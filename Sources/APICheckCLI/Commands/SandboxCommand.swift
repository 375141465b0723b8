import APICheck
import Foundation

/// `apicheck sandbox`: the bundled demo backend in the foreground, until interrupted. Offered only
/// by a tool given a `SandboxLauncher`.
struct SandboxCommand: Command {
    static let name = "sandbox"
    static let abstract = "Run the bundled demo backend in the foreground."

    static let port = Option.value(
        "port", "N", default: 8080,
        help: "the port to bind on 127.0.0.1; 0 = any free port", parse: .integer(in: 0...65535))
    static let tokenTTL = Option.value(
        "token-ttl", "S", default: 3600.0, shownDefault: "3600",
        help: "seconds a login token lives", parse: .seconds)
    static let fault = Option.repeated("fault", "SPEC", help: "serve a deliberate deviation, see above", parse: .text)
    static let tlsCert = Option.optional("tls-cert", "FILE", help: "serve HTTPS with this PEM certificate (chain)", parse: .text)
    static let tlsKey = Option.optional("tls-key", "FILE", help: "the certificate's private key (PEM, unencrypted)", parse: .text)
    static let tlsClientCA = Option.optional(
        "tls-client-ca", "FILE",
        help: "require a client certificate from the CAs in this PEM file", parse: .text)
    static let options: [any OptionDeclaration] = [port, tokenTTL, fault, tlsCert, tlsKey, tlsClientCA]

    static func discussion(tool: String) -> String {
        """
        Serves the API on http://127.0.0.1:PORT/Api/ until interrupted (Ctrl-C); with --tls-cert
        and --tls-key, on https:// (check it with '\(tool) live --cacert' and the CA that signed it);
        --tls-client-ca FILE then answers 403 to clients without a certificate from those CAs.

        --fault SPEC serves a deliberate deviation, to see what '\(tool) live' reports. ROUTE is a
        path below /Api/ as in the API's docs:
          rename:ROUTE:FROM:TO     replace:ROUTE:KEY:JSON   add:ROUTE:KEY:JSON
          remove:ROUTE:KEY         code:ROUTE:CODE:MSG      html:ROUTE:STATUS
          delay:ROUTE:MS           truncate:ROUTE           huge:ROUTE:BYTES
          dead-token-accepted      no-revocation
        e.g. --fault rename:statuses/home_timeline:screen_name:screenName
        """
    }

    static func isAvailable(in context: CommandContext) -> Bool { context.sandbox != nil }

    let context: CommandContext
    let port: Int
    let tokenTTL: Double
    let faults: [String]
    let tls: SandboxTLSFiles?

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        port = try arguments[Self.port]
        tokenTTL = try arguments[Self.tokenTTL]
        faults = try arguments[Self.fault]
        let directory = context.workingDirectory
        func path(_ file: String) -> String { URL(fileURLWithPath: file, relativeTo: directory).standardizedFileURL.path }
        let clientCA = try arguments[Self.tlsClientCA].map(path)
        switch (try arguments[Self.tlsCert], try arguments[Self.tlsKey]) {
        case (nil, nil):
            if clientCA != nil { throw UsageError("--tls-client-ca needs --tls-cert and --tls-key") }
            tls = nil
        case let (certificate?, key?):
            tls = SandboxTLSFiles(certificate: path(certificate), key: path(key), clientCA: clientCA)
        default:
            throw UsageError("--tls-cert and --tls-key go together")
        }
    }

    func run() async throws -> ExitCode {
        guard let launcher = context.sandbox else {
            throw CommandFailure("this tool bundles no sandbox for the \(context.api.name) API")
        }
        let running: any RunningSandbox
        do {
            running = try launcher.start(port: port, tokenTTL: tokenTTL, faults: faults, tls: tls)
        } catch {
            // The launcher's errors say what failed (a bad --fault, a port in use).
            throw CommandFailure("\(error)")
        }
        for fault in faults { context.note("fault \(fault)") }
        context.note(
            "serving the \(context.api.name) API on \(running.baseURL.absoluteString) "
                + "(account '\(launcher.account)', token TTL \(Int(tokenTTL)) s); Ctrl-C stops it")
        // The server runs on its own threads; this task only waits for the end of the process.
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        running.stop()
        return .success
    }
}
